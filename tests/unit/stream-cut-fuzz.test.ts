// @vitest-environment node
import { defineStreamCutFuzz } from '../hardening/stream-cut-fuzz';

/** A sample for `npm test`; tests/long/stream-cut-fuzz.test.ts cuts at every byte. */
defineStreamCutFuzz(150);
