import type { PermissionLevel } from '../../policy';

/**
 * A question the caller could not wait for: nobody answered in time, nobody could answer, or the
 * caller went away (`cancelled`). The person said nothing, so nothing is remembered; the Action Log
 * has the entry. Callers say how to allow it up front.
 */
export class QuestionUnanswered extends Error {
  override name = 'QuestionUnanswered';
  constructor(
    readonly question: { tool: string; site: string; level: PermissionLevel; summary?: string },
    readonly why: 'nobody-can-answer' | 'no-answer-in-time' | 'cancelled',
  ) {
    super(
      why === 'cancelled'
        ? `The call was cancelled while Bosun's question about '${question.tool}' on ${question.site} waited; it did not run.`
        : `'${question.tool}' on ${question.site} needs the person's permission (level ${question.level}), and ${why === 'nobody-can-answer' ? 'nobody can answer a question here' : 'nobody answered in time'}; it did not run.`,
    );
  }
}
