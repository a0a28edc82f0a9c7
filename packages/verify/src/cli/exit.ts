// The exit statuses of petstore-verify, which CI jobs and scripts branch on.
export const EXIT = {
  nothingFound: 0,
  differenceFound: 1,
  cannotRun: 2,
} as const;
