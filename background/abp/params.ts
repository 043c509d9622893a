import * as v from 'valibot';

/** Param schemas several capabilities share, so the same field is checked the same way everywhere. */

export const HttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(8192),
  v.check((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
);

export const JobId = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100));

/** One id or several, as the spec allows for `jobIds`; always an array after parsing. */
export const JobIds = v.pipe(
  v.union([JobId, v.pipe(v.array(JobId), v.minLength(1, 'must name at least one job'), v.maxLength(1000))]),
  v.transform((ids) => (Array.isArray(ids) ? ids : [ids])),
);

export const TabId = v.pipe(v.number(), v.integer(), v.minValue(0));

export const ConfidenceThreshold = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
