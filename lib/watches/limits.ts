/** Watches are free to create; each one costs matching work on every new post, so an account keeps a bounded number. */
export const MAX_WATCHES_PER_ACCOUNT = 100;

/** Events a watch detail (API and dashboard) lists, newest first. */
export const RECENT_EVENTS = 20;
