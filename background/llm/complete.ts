import { AnthropicStreamReader } from './anthropic-stream';
import { anthropicBody } from './anthropic-request';
import { openAiBody, type WireRequest } from './openai-request';
import { OpenAiStreamReader } from './openai-stream';
import { withRetries } from './retry';
import { postStream, type Progress, type Reply, type StreamReader } from './transport';
import { countToolCalls, toXmlTurns, toolsRefused, xmlToolInstructions } from './xml-fallback';
import { XmlCallFilter, parseXmlToolCalls } from './xml-tools';
import type { CompletionRequest, CompletionResult } from './types';

/** One of the two wire formats: where to post, what to send, how to read the stream. */
interface WireFormat {
  path: string;
  body(request: WireRequest): unknown;
  reader(onText: (delta: string) => void, progress: Progress): StreamReader;
}

const OPENAI: WireFormat = {
  path: '/chat/completions',
  body: openAiBody,
  reader: (onText, progress) => new OpenAiStreamReader(onText, progress),
};

const ANTHROPIC: WireFormat = {
  path: '/messages',
  body: anthropicBody,
  reader: (onText, progress) => new AnthropicStreamReader(onText, progress),
};

/**
 * Streams one model answer: Anthropic Messages for 'anthropic', OpenAI-compatible chat completions
 * for every other provider. Text reaches `onText` as it arrives; tool calls are returned only from an
 * answer that ended properly with every call's arguments a JSON object. Failures are ProviderErrors
 * with a message for the person; an abort rejects with the signal's reason.
 */
export async function complete(request: CompletionRequest): Promise<CompletionResult> {
  const format = request.settings.provider === 'anthropic' ? ANTHROPIC : OPENAI;
  if (request.tools.length === 0)
    return { ...(await send(format, request, nativeRequest(request))), usedToolFallback: false };
  if (request.xmlTools) return completeWithXmlTools(format, request);
  try {
    return { ...(await send(format, request, nativeRequest(request))), usedToolFallback: false };
  } catch (error) {
    // Providers that cannot take `tools` say so in a 400/422 before anything streams: ask again, once, with tools as text.
    if (request.signal.aborted || !toolsRefused(error)) throw error;
    return completeWithXmlTools(format, request);
  }
}

function nativeRequest(request: CompletionRequest): WireRequest {
  const { settings, system, turns, tools, maxTokens } = request;
  return { settings, system, turns, tools, maxTokens };
}

async function completeWithXmlTools(format: WireFormat, request: CompletionRequest): Promise<CompletionResult> {
  const instructions = xmlToolInstructions(request.tools);
  const wire: WireRequest = {
    ...nativeRequest(request),
    system: request.system ? `${request.system}\n\n${instructions}` : instructions,
    turns: toXmlTurns(request.turns),
    tools: [],
  };
  let filter = new XmlCallFilter();
  const onText = (delta: string) => {
    const shown = filter.push(delta);
    if (shown) request.onText(shown);
  };
  // A retried attempt starts from nothing, so it starts a fresh filter too.
  const reply = await send(format, { ...request, onText }, wire, () => (filter = new XmlCallFilter()));
  const tail = filter.flush();
  if (tail) request.onText(tail);
  const parsed = parseXmlToolCalls(reply.text, countToolCalls(request.turns) + 1);
  return { ...reply, text: parsed.text, toolCalls: parsed.toolCalls, usedToolFallback: true };
}

function send(
  format: WireFormat,
  request: CompletionRequest,
  wire: WireRequest,
  onAttempt?: () => void,
): Promise<Reply> {
  const { signal } = request;
  return withRetries({ signal, options: request.retry, onRetry: request.onRetry }, (progress) => {
    onAttempt?.();
    return postStream({
      settings: request.settings,
      path: format.path,
      body: format.body(wire),
      signal,
      reader: format.reader(request.onText, progress),
      idleTimeoutMs: request.idleTimeoutMs,
    });
  });
}
