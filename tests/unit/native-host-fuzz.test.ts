import { defineNativeHostFuzz } from '../hardening/native-host-fuzz';

/** A sample for `npm test`; tests/long/native-host-fuzz.test.ts sends the full count. */
defineNativeHostFuzz(500);
