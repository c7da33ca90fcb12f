/**
 * Parts of the root loader's data (app/root-loader.server.ts) that server
 * layers make and components read (app/ui/root-data.ts): declared below both.
 */

/** What the browser may know of the member: no id, no tokens. */
export interface ShellMember {
  username: string
  displayName: string
  balance: number
  /** Notifications not read yet (the bell's count). */
  unread: number
}

/** What the browser shows of a watch (the banner; whom is the root's member): no token, no session id. */
export interface ShellWatch {
  /** Who watches: the staff person's name, or null for a pasted-token watch. */
  staffName: string | null
  expiresAt: number | null
  /** The server's clock when the page was made (the countdown's reference). */
  now: number
  /** Where "จบการดู" leads once the watch has ended. */
  exitPath: string
}
