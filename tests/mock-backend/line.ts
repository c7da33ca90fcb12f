/**
 * A stand-in for LINE's authorize URL, so the whole LINE login runs offline:
 * GET /line/authorize shows a consent page in Thai; its forms POST back here,
 * which redirects (302) to `redirect_uri` with `code` and the same `state`,
 * or with `error=access_denied` when the member cancels. A code is single-use,
 * lives 10 minutes and is only good with the redirect_uri it was issued for.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { ApiError, htmlReply, redirectReply, validate } from './http'
import type { RequestContext, Route } from './router'
import { type DemoMember, LINE_DEMO_USERNAME } from './state'

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must be http(s)')

const authorizeQuerySchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: httpUrl,
  state: z.string().min(1),
  scope: z.string().optional(),
})
type AuthorizeQuery = z.infer<typeof authorizeQuerySchema>

const decisionSchema = authorizeQuerySchema.extend({
  decision: z.enum(['allow', 'deny']),
  member: z.string().optional(),
})

function escapeHtml(text: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  }
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c)
}

function hiddenFields(query: AuthorizeQuery, member?: string): string {
  const fields: Record<string, string | undefined> = { ...query, member }
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
}

function decisionForm(query: AuthorizeQuery, member: string | undefined, buttons: string): string {
  return `<form method="post" action="/line/authorize">${hiddenFields(query, member)}${buttons}</form>`
}

function otherMemberForm(query: AuthorizeQuery, member: DemoMember): string {
  const label = `ใช้บัญชี ${member.displayName} (${member.username})${member.locked ? ' — ถูกระงับ' : ''}`
  const button = `<button type="submit" name="decision" value="allow">${escapeHtml(label)}</button>`
  return `<li>${decisionForm(query, member.username, button)}</li>`
}

function consentPage(query: AuthorizeQuery, members: DemoMember[]): string {
  const lineMember = members.find((m) => m.username === LINE_DEMO_USERNAME)
  const others = members.filter((m) => m !== lineMember)
  const main = decisionForm(
    query,
    lineMember?.username,
    '<button type="submit" name="decision" value="allow" class="allow">อนุญาต</button> ' +
      '<button type="submit" name="decision" value="deny">ยกเลิก</button>',
  )
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>เข้าสู่ระบบด้วย LINE (จำลอง)</title>
<style>
body { font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
button { font-size: 1rem; padding: .6rem 1.2rem; margin: .25rem 0; cursor: pointer; }
.allow { background: #06c755; color: #fff; border: 0; border-radius: .4rem; }
ul { padding: 0; list-style: none; }
</style>
</head>
<body>
<main>
<h1>อนุญาตให้เข้าสู่ระบบด้วย LINE</h1>
<p>แอป <strong>${escapeHtml(query.client_id)}</strong> ขอเข้าถึงโปรไฟล์ LINE ของคุณ
(${escapeHtml(lineMember?.displayName ?? '')})</p>
${main}
<h2>บัญชีทดสอบอื่น</h2>
<ul>${others.map((member) => otherMemberForm(query, member)).join('')}</ul>
<p><small>หน้านี้จำลองการเข้าสู่ระบบด้วย LINE สำหรับระบบทดสอบเท่านั้น</small></p>
</main>
</body>
</html>`
}

function redirectBack(redirectUri: string, params: Record<string, string>) {
  const target = new URL(redirectUri)
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
  return redirectReply(target.toString())
}

function showConsent(ctx: RequestContext) {
  const query = validate(authorizeQuerySchema, Object.fromEntries(ctx.url.searchParams))
  return htmlReply(consentPage(query, [...ctx.state.members.values()]))
}

function decide(ctx: RequestContext) {
  const form = validate(decisionSchema, Object.fromEntries(new URLSearchParams(ctx.rawBody)))
  if (form.decision === 'deny') {
    return redirectBack(form.redirect_uri, {
      error: 'access_denied',
      error_description: 'The resource owner denied the request.',
      state: form.state,
    })
  }
  const member = ctx.state.memberByUsername(form.member ?? '')
  if (!member) throw new ApiError(400, 'BAD_REQUEST', 'Unknown member')
  const code = randomBytes(24).toString('base64url')
  ctx.state.lineGrants.set(code, {
    memberId: member.id,
    redirectUri: form.redirect_uri,
    issuedAt: Date.now(),
  })
  return redirectBack(form.redirect_uri, { code, state: form.state })
}

export const lineRoutes: readonly Route[] = [
  { method: 'GET', path: '/line/authorize', handler: showConsent },
  { method: 'POST', path: '/line/authorize', handler: decide },
]
