/** The processing stages a post goes through after it is stored; each can fail on its own (post_failures.stage). */
export const POST_STAGES = ['index', 'embed', 'summary', 'picks'] as const;

export type PostStage = (typeof POST_STAGES)[number];

/** A post that failed a stage, as reports and the admin CLI show it. */
export interface PostFailure {
  postId: string;
  stage: PostStage;
  reason: string;
}
