/**
 * reader.js entry: wiring only. Injected by the background next to content.js when a request
 * needs markdown (READ_PAGE, EXTRACT_PAGE); it hands the reader to the page engine.
 */
import { provideReader } from '../reader-slot';
import { elementMarkdown, readMarkdown } from '../../src/reader/markdown';

provideReader({ readMarkdown, elementMarkdown });
