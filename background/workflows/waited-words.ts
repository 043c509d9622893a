import type { QuestionUnanswered } from '../permissions/gate';

/** The question nobody was there to answer, in words: what, where, at which level. */
export const waitedInWords = ({ question }: QuestionUnanswered): string =>
  `'${question.tool}'${question.summary ? ` (${question.summary})` : ''} on ${question.site}, at level ${question.level}`;
