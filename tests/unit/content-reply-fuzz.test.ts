import { describe, vi } from 'vitest';
import { defineContentReplyFuzz } from '../hardening/content-reply-fuzz';

// readContentReply's module also sends messages; only its pure check runs here.
vi.mock('webextension-polyfill', () => ({ default: {} }));

describe('content-script replies', () => defineContentReplyFuzz(10_000));
