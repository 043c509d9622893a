import { vi } from 'vitest';
import { defineMessageFuzz } from '../hardening/message-fuzz';

// The suite reads the ABP capabilities' param schemas in Node; their modules import the browser namespace.
vi.mock('webextension-polyfill', () => ({ default: {} }));

/** A sample for `npm test`; tests/long/message-fuzz.test.ts sends the full count. */
defineMessageFuzz(1_000);
