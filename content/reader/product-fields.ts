/**
 * Product facts as READ_PAGE reports them: strings exactly as the page gives them. Both readers
 * (JSON-LD in product.ts, microdata beside it) fill this one shape.
 */
export type Product = { name?: string; price?: string; currency?: string; brand?: string; rating?: string };
