/**
 * The member pages on a phone: /profile (masked details, the Buddhist-era
 * join date, change password, LINE link and unlink), /affiliate (the
 * referral link, copy, LINE share, commission withdrawal once for a double
 * submit), /alliance and /alliance/new (create with a taken name, leave),
 * a watcher who only looks, and axe / no sideways scroll at 360 px.
 */
import { seriousViolations, sidewaysOverflow } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { APP_URL } from '../../playwright.config'
import { backendLoginStatus, clientAddress, hydrated } from './support/accounts'
import { submitLogin } from './support/login'
import { mock } from './support/mock'
import { loginAs } from './support/session'

test.use({ extraHTTPHeaders: clientAddress(61) })

test.beforeEach(async ({ context }) => {
  await mock.reset()
  await loginAs(context, 'demo')
})

const balance = (page: Page) => page.getByTestId('balance').first()
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

test.describe('profile', () => {
  test('shows the account with masked numbers and the Buddhist-era join date', async ({ page }) => {
    await page.goto('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'โปรไฟล์' })).toBeVisible()
    await expect(page.getByTestId('profile-ชื่อผู้ใช้')).toHaveText('demo')
    await expect(page.getByTestId('profile-ชื่อ-นามสกุล')).toHaveText('สมชาย ใจดี')
    await expect(page.getByTestId('profile-เบอร์โทรศัพท์')).toHaveText('081-xxx-5678')
    await expect(page.getByTestId('profile-บัญชีธนาคาร')).toHaveText('ธนาคารกสิกรไทย xxx-x-xx789-0')
    await expect(page.getByTestId('profile-สมาชิกตั้งแต่')).toHaveText('15 มีนาคม 2567')
    const html = await page.content()
    expect(html).not.toContain('0812345678')
    expect(html).not.toContain('1234567890')
    await expect(page.getByTestId('line-status')).toHaveText('ยังไม่ได้เชื่อมต่อ')
  })

  test('change password: a wrong current one on its field, then the new one logs in', async ({
    page,
    context,
  }) => {
    await page.goto('/profile')
    await hydrated(page)
    await page.getByLabel('รหัสผ่านปัจจุบัน').fill('not-my-password')
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('newpass123')
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('newpass123')
    await button(page, 'เปลี่ยนรหัสผ่าน').click()
    const current = page.getByLabel('รหัสผ่านปัจจุบัน')
    await expect(page.getByText('รหัสผ่านปัจจุบันไม่ถูกต้อง')).toBeVisible()
    await expect(current).toHaveAttribute('aria-invalid', 'true')
    await expect(current).toBeFocused()
    expect(await backendLoginStatus('demo', 'demo1234')).toBe(200)

    // The form's own rules first: a short new password never reaches the backend.
    await current.fill('demo1234')
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('short')
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('short')
    await button(page, 'เปลี่ยนรหัสผ่าน').click()
    await expect(page.getByLabel('รหัสผ่านใหม่', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('newpass123')
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('newpass123')
    await button(page, 'เปลี่ยนรหัสผ่าน').click()
    await expect(page.getByText('เปลี่ยนรหัสผ่านเรียบร้อยแล้ว')).toBeVisible()
    expect(await backendLoginStatus('demo', 'demo1234')).toBe(401)

    await button(page, 'ออกจากระบบ').click()
    await expect(page).toHaveURL(/\/login/)
    await hydrated(page)
    await submitLogin(page, 'demo', 'newpass123')
    await expect(page).not.toHaveURL(/\/login/)
    expect((await context.cookies()).some((c) => c.name === 'auth.session')).toBe(true)
  })

  test('links LINE through the consent page, refuses a LINE linked elsewhere, unlinks', async ({
    page,
  }) => {
    await page.goto('/profile')
    await hydrated(page)
    // somying's LINE belongs to somying.
    await button(page, 'เชื่อมต่อบัญชี LINE').click()
    await page.getByRole('button', { name: 'อนุญาต' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByText('บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นอยู่แล้ว')).toBeVisible()
    await expect(page.getByTestId('line-status')).toHaveText('ยังไม่ได้เชื่อมต่อ')

    await button(page, 'เชื่อมต่อบัญชี LINE').click()
    await page.getByRole('button', { name: 'ใช้บัญชี สมชาย ใจดี (demo)' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByTestId('line-status')).toHaveText('เชื่อมต่อแล้ว (สมชาย)')
    expect(await mock.calls('/user/line/link')).toHaveLength(2)
    expect(await mock.calls('/auth/loginwithline')).toHaveLength(0)

    await button(page, 'ยกเลิกการเชื่อมต่อ LINE').click()
    await expect(page.getByTestId('line-status')).toHaveText('ยังไม่ได้เชื่อมต่อ')
  })
})

test.describe('affiliate', () => {
  test('the referral link carries the code to registration, copies and shares on LINE', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/affiliate')
    await hydrated(page)
    const link = `${APP_URL}/register?ref=DEMO88`
    await expect(page.getByLabel('ลิงก์สมัครสมาชิก')).toHaveValue(link)
    const share = page.getByRole('link', { name: 'แชร์ทาง LINE' })
    const href = (await share.getAttribute('href')) ?? ''
    expect(href.startsWith('https://line.me/R/share?text=')).toBe(true)
    expect(new URL(href).searchParams.get('text')).toContain(link)

    await button(page, 'คัดลอกลิงก์').click()
    await expect(page.getByText('คัดลอกลิงก์แล้ว')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    // Referred members: masked names, their join dates and whether they play.
    const list = page.getByTestId('referred-list')
    await expect(list.getByRole('listitem')).toHaveCount(4)
    await expect(list).toContainText('อรุณี พ***')
    await expect(list).not.toContainText('พรหมมา')
    await expect(list).toContainText('ไม่ได้ใช้งาน')

    await context.clearCookies()
    await page.goto('/register?ref=DEMO88')
    await expect(page.getByLabel(/รหัสผู้แนะนำ/)).toHaveValue('DEMO88')
  })

  test('withdrawing commission raises the balance once, even posted twice', async ({ page }) => {
    await page.goto('/affiliate')
    await hydrated(page)
    await expect(balance(page)).toHaveText('฿1,520.50')
    await expect(page.getByTestId('commission-available')).toHaveText('฿130.75')
    // Two posts of the same form (a double tap): one withdrawal.
    const statuses = await page.evaluate(async () => {
      const form = document.querySelector<HTMLFormElement>(
        'form input[name="idempotencyKey"]',
      )?.form
      if (!form) throw new Error('no form')
      const post = () =>
        fetch(form.action, { method: 'POST', body: new FormData(form), redirect: 'manual' })
      const answers = await Promise.all([post(), post()])
      return answers.map((a) => a.type === 'opaqueredirect' || a.status < 400)
    })
    expect(statuses).toEqual([true, true])
    await page.reload()
    await expect(balance(page)).toHaveText('฿1,651.25')
    await expect(page.getByTestId('commission-available')).toHaveText('฿0.00')
    await expect(button(page, 'ถอนเข้ากระเป๋าเงิน')).toBeDisabled()
    expect(await mock.calls('/affiliate/withdraw')).toHaveLength(2)
  })

  test('withdrawal through the button shows a toast and the new balance', async ({ page }) => {
    await page.goto('/affiliate')
    await hydrated(page)
    await button(page, 'ถอนเข้ากระเป๋าเงิน').click()
    await expect(page.getByText('ถอนค่าคอมมิชชัน ฿130.75 เข้ากระเป๋าเงินแล้ว')).toBeVisible()
    await expect(balance(page)).toHaveText('฿1,651.25')
  })
})

test.describe('alliance', () => {
  test('creates a team (a taken name on the field), then leaves it', async ({ page }) => {
    await page.goto('/alliance')
    await hydrated(page)
    await expect(page.getByText('คุณยังไม่มีทีม')).toBeVisible()
    await page.getByRole('link', { name: 'สร้างทีมใหม่' }).click()
    await expect(page).toHaveURL('/alliance/new')
    await hydrated(page)
    const name = page.getByLabel('ชื่อทีม')
    await name.fill('ab')
    await button(page, 'สร้างทีม').click()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    // Three characters in the browser, two once trimmed as the backend keeps
    // it: refused on the field by the server, not by the backend's error page.
    await name.fill('ab ')
    await button(page, 'สร้างทีม').click()
    await expect(page.getByText('ชื่อทีมต้องมีอย่างน้อย 3 ตัวอักษร')).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await name.fill('lucky star')
    await button(page, 'สร้างทีม').click()
    await expect(page.getByText('ชื่อทีมนี้มีผู้ใช้แล้ว กรุณาเลือกชื่ออื่น')).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await name.fill('ทีมของสมชาย')
    await button(page, 'สร้างทีม').click()
    await expect(page).toHaveURL('/alliance')
    await expect(page.getByRole('heading', { name: 'ทีมของสมชาย' })).toBeVisible()
    await expect(page.getByTestId('team-members')).toContainText('สมชาย ใจดี (คุณ)')
    await expect(page.getByTestId('invite-code')).toHaveText(/^[A-Z0-9]{6,}$/)
    // In a team: /alliance/new sends the member to the team.
    await page.goto('/alliance/new')
    await expect(page).toHaveURL('/alliance')

    await page.getByRole('link', { name: 'ออกจากทีม' }).click()
    await expect(page).toHaveURL('/alliance?confirm=leave')
    await button(page, 'ยืนยันออกจากทีม').click()
    await expect(page.getByText('คุณยังไม่มีทีม')).toBeVisible()
  })

  test('joins a team by invite code; an unknown code is refused on the field', async ({ page }) => {
    await page.goto('/alliance')
    await hydrated(page)
    const code = page.getByRole('textbox', { name: 'รหัสเชิญ' })
    await code.fill('NOPE99')
    await button(page, 'เข้าร่วมทีม').click()
    await expect(page.getByText('ไม่พบทีมของรหัสเชิญนี้')).toBeVisible()
    await code.fill('lucky9')
    await button(page, 'เข้าร่วมทีม').click()
    await expect(page.getByRole('heading', { name: 'Lucky Star' })).toBeVisible()
    await expect(page.getByTestId('team-members').getByRole('listitem')).toHaveCount(3)
  })

  test('somsri sees her seeded team ranked, the others masked', async ({ page, context }) => {
    await context.clearCookies()
    await loginAs(context, 'somsri')
    await page.goto('/alliance')
    const members = page.getByTestId('team-members')
    await expect(members.getByRole('listitem')).toHaveCount(4)
    await expect(members.getByRole('listitem').first()).toContainText('กิตติพงษ์ ท***')
    await expect(members).toContainText('สมศรี มีสุข (คุณ)')
    await expect(page.getByTestId('invite-code')).toHaveText('SAIFA7')
  })
})

test('a watcher looks but cannot post', async ({ page, context }) => {
  await context.clearCookies()
  await loginAs(context, 'demo', { strategy: 'watcher', withoutRefresh: true })
  await page.goto('/profile')
  await expect(page.getByText('โหมดผู้ดูแล: ดูข้อมูลได้อย่างเดียว')).toBeVisible()
  await expect(button(page, 'เปลี่ยนรหัสผ่าน')).toBeDisabled()
  await expect(button(page, 'เชื่อมต่อบัญชี LINE')).toBeDisabled()
  await page.goto('/affiliate')
  await expect(button(page, 'ถอนเข้ากระเป๋าเงิน')).toBeDisabled()
  await page.goto('/alliance/new')
  await expect(button(page, 'สร้างทีม')).toBeDisabled()
  await hydrated(page)
  // Posting anyway (a crafted form) is refused by the guard; nothing reaches the backend.
  await mock.clearCalls()
  const statuses = await page.evaluate(async () => {
    const post = (path: string, body: Record<string, string>) =>
      fetch(path, { method: 'POST', body: new URLSearchParams(body) }).then((r) => r.status)
    return [
      await post('/affiliate', { intent: 'withdraw', idempotencyKey: 'abcdef12-3456' }),
      await post('/alliance/new', { intent: 'create', name: 'ทีมผู้ดูแล' }),
      await post('/profile', { intent: 'line-unlink' }),
    ]
  })
  expect(statuses).toEqual([403, 403, 403])
  expect(await mock.calls('/affiliate/withdraw')).toHaveLength(0)
  expect(await mock.calls('/alliance')).toHaveLength(0)
})

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const [username, url] of [
    ['demo', '/profile'],
    ['demo', '/affiliate'],
    ['demo', '/alliance'],
    ['demo', '/alliance/new'],
    ['somsri', '/alliance'],
    ['somsri', '/alliance?confirm=leave'],
  ] as const) {
    test(`axe and no sideways scrolling: ${url} (${username})`, async ({ page, context }) => {
      await context.clearCookies()
      await loginAs(context, username)
      await page.goto(url)
      await hydrated(page)
      const serious = await seriousViolations(page)
      expect(serious).toEqual([])
      const overflow = await sidewaysOverflow(page)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  }
})
