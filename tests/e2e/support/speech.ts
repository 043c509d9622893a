import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SPEECH_SYNTHESIZER } from '../../../scripts/browsers.mjs';

/** A spoken sentence that Chromium plays as its fake microphone (`--use-file-for-fake-audio-capture`). */
export const SPEECH_WAV = resolve('tests/fixtures/site/build/speech.wav');
const SPOKEN = 'Find me a cheaper alternative to this product.';

/** Speaks the sentence into a WAV with espeak-ng (installed by scripts/setup.mjs). */
export function makeSpeechWav(): void {
  mkdirSync(dirname(SPEECH_WAV), { recursive: true });
  const run = spawnSync(SPEECH_SYNTHESIZER.path, ['-w', SPEECH_WAV, SPOKEN], { encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(
      `${SPEECH_SYNTHESIZER.name} could not make ${SPEECH_WAV} (${run.error?.message ?? run.stderr}). Run "node scripts/setup.mjs" to install it.`,
    );
  }
}
