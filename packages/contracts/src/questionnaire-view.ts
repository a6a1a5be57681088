import { z } from 'zod';

// The questionnaire extension (extensions.ts) as a viewer is offered it: apart from the rest of the extensions, so the
// chat socket's messages (comments.ts `questionnaireOpened`) bring only this into the watch page's first load.

export const questionnaireQuestionView = z.object({
  title: z.string(),
  type: z.enum(['single', 'multiple', 'text']),
  options: z.array(z.string()),
  required: z.boolean(),
});

/** The questionnaire as a viewer is offered it, and whether this viewer answered this version. */
export const watchQuestionnaire = z.object({
  version: z.string(),
  title: z.string(),
  isAnonymous: z.boolean(),
  questions: z.array(questionnaireQuestionView),
  answered: z.boolean(),
});
export type WatchQuestionnaire = z.infer<typeof watchQuestionnaire>;
