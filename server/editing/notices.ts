// Where the desk's editing tells staff what happened to them (issue 37 item 6, staff notices, is
// not built yet): its notices service replaces NO_EDITING_NOTICES in server/services.ts and turns
// each call into a notice for each person named.
export type EditingNotices = {
  /** "Your edit was taken over": `userIds` had the story open when `byUserId` took it over. */
  takenOver(event: { articleId: number; byUserId: number; userIds: number[] }): void | Promise<void>;
  /**
   * "A newer version was saved while you edit": the heartbeat of `userId`'s screen, opened on an
   * older version, found `version` stored. Said at each such beat: the notices dedupe by
   * (user, article, version).
   */
  newerVersionSaved(event: { articleId: number; userId: number; version: number }): void | Promise<void>;
};

export const NO_EDITING_NOTICES: EditingNotices = {
  takenOver: () => {},
  newerVersionSaved: () => {},
};
