import { defineNativeHostFuzz } from '../hardening/native-host-fuzz';

/** The full count; tests/unit/native-host-fuzz.test.ts runs a sample. */
defineNativeHostFuzz(20_000);
