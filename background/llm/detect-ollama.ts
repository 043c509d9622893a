import { PROVIDER_INFO } from '../../src/llm/providers';
import { listModels } from '../../src/llm/test-connection';

/** A local Ollama answers at once or not at all; the first-run screen should not wait long. */
const DETECT_TIMEOUT_MS = 2_000;

/** Ollama on this computer at its default address, with the models it has pulled; null when none answers. */
export async function detectOllama(): Promise<{ baseUrl: string; models: string[] } | null> {
  const baseUrl = PROVIDER_INFO.ollama.defaultBaseUrl;
  try {
    const { models } = await listModels({ provider: 'ollama', baseUrl, model: '', apiKey: '' }, DETECT_TIMEOUT_MS);
    return { baseUrl, models };
  } catch {
    return null;
  }
}
