// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { complete } from '../../background/llm/complete';
import { ProviderError } from '../../src/llm/errors';
import { listModels } from '../../src/llm/test-connection';
import { transcribe } from '../../background/llm/transcribe';
import type { Settings } from '../../src/protocol/common';

/**
 * A provider whose base URL answers every request with a 307 to another host, which records what
 * reaches it: the key and the conversation must never get there (real HTTP servers on loopback).
 */
let provider: Server;
let elsewhere: Server;
let providerUrl = '';
let elsewhereHost = '';
const reachedElsewhere: { url: string; authorization: string | undefined; body: string }[] = [];

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

beforeAll(async () => {
  elsewhere = createServer(async (request, response) => {
    reachedElsewhere.push({
      url: request.url ?? '',
      authorization: request.headers.authorization ?? request.headers['x-api-key']?.toString(),
      body: await bodyOf(request),
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  elsewhereHost = `127.0.0.2:${await listen(elsewhere, '127.0.0.2')}`;
  provider = createServer((request, response) => {
    response.writeHead(307, { location: `http://${elsewhereHost}${request.url}` }).end();
  });
  providerUrl = `http://127.0.0.1:${await listen(provider, '127.0.0.1')}/v1`;
});
afterAll(() => {
  provider.close();
  elsewhere.close();
});
beforeEach(() => {
  reachedElsewhere.length = 0;
});

const KEY = 'sk-redirect-canary';
const settingsFor = (provider: Settings['provider']): Settings => ({
  provider,
  model: 'test-model',
  apiKey: KEY,
  baseUrl: providerUrl,
});

async function failure(call: () => Promise<unknown>): Promise<ProviderError> {
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('requests that carry the key never follow a redirect', () => {
  it.each(['openai', 'anthropic'] as const)('a chat completion over %s', async (name) => {
    const error = await failure(() =>
      complete({
        settings: settingsFor(name),
        system: '',
        turns: [{ role: 'user', content: 'the conversation' }],
        tools: [],
        signal: new AbortController().signal,
        onText: () => undefined,
      }),
    );
    expect(error.message).toContain(`redirect to ${elsewhereHost}`);
    expect(error.message).not.toContain(KEY);
    expect(reachedElsewhere).toEqual([]);
  });

  it('the model list (Test connection)', async () => {
    const error = await failure(() => listModels(settingsFor('openai')));
    expect(error.message).toContain(`redirect to ${elsewhereHost}`);
    expect(reachedElsewhere).toEqual([]);
  });

  it('a transcription', async () => {
    const audio = new Uint8Array(new ArrayBuffer(16));
    const error = await failure(() =>
      transcribe(settingsFor('openai'), audio, 'audio/webm', new AbortController().signal),
    );
    expect(error.message).toContain(`redirect to ${elsewhereHost}`);
    expect(reachedElsewhere).toEqual([]);
  });
});
