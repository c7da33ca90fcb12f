// The QR is made on the server (app/wallet/promptpay.server.ts): the browser loads no QR library.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { pageMeta } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { isNumericId, PAGES } from '~/lib/pages'
import { guard } from '~/security/guard'
import { CopyButton } from '~/ui/copy-button'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { PayCountdown, useFollowOrder } from '~/ui/orders/follow-order'
import { OrderList } from '~/ui/orders/order-list'
import type { OrderView } from '~/wallet/order-view.server'
import { promptPayFileName, promptPayPngPath } from '~/ui/orders/promptpay-file-name'
import { Notice } from '~/ui/states'
import { useWatchedMember } from '~/ui/member'
import { loadPage } from './page.server'

const page = PAGES.orderPayment

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, validate: ({ params }) => isNumericId(params.id) }, loadPage)

export const meta = pageMeta(page.title)

export default function OrderPayment() {
  const data = useLoaderData<typeof loader>()
  return data.kind === 'list' ? (
    <ToPay orders={data.orders} />
  ) : (
    <Payment order={data.order} qrSvg={data.qrSvg} now={data.now} />
  )
}

function ToPay({ orders }: { orders: readonly OrderView[] }) {
  return (
    <OrderList
      title={page.title}
      orders={orders}
      basePath={page.path}
      emptyTitle="ไม่มีรายการที่รอชำระ"
      aside={(order) => (
        <span className="text-sm text-slate-300">ชำระภายใน {order.expiresText}</span>
      )}
    />
  )
}

function Payment({ order, qrSvg, now }: { order: OrderView; qrSvg: string | null; now: number }) {
  const pending = useFollowOrder(order)
  // The install offer's moment (not a watcher's).
  const watched = useWatchedMember() !== null
  useEffect(() => {
    // Its rules load with the offer, not in the page's first load (decision 0172).
    if (!watched) {
      import('~/browser/install-offer').then(
        (offer) => offer.noteMoneyStep(),
        (error: unknown) => console.warn('[install-offer]', error),
      )
    }
  }, [watched])
  const orderLink = `${PAGES.order.path}/${order.id}`
  return (
    <section className="space-y-4">
      {pending ? <NoScriptRefresh /> : null}
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <div className="card space-y-1 text-center">
        <p className="text-sm text-slate-300">ยอดที่ต้องโอน (รายการ #{order.id})</p>
        <p className="text-3xl font-bold text-gold-400">{formatBaht(order.amount)}</p>
        {pending ? (
          <p className="text-sm">
            ชำระภายใน <PayCountdown order={order} now={now} className="font-bold text-amber-200" />
          </p>
        ) : null}
        {pending ? <p className="text-xs text-slate-400">หน้านี้จะอัปเดตเองเมื่อระบบได้รับเงินแล้ว</p> : null}
      </div>
      {pending ? (
        order.method === 'promptpay' && qrSvg ? (
          <PromptPay order={order} qrSvg={qrSvg} />
        ) : (
          <BankTransfer order={order} />
        )
      ) : order.status === 'paid' ? (
        <Notice tone="info">รายการนี้ชำระเงินแล้ว ยอดเงินเข้ากระเป๋าของคุณแล้ว</Notice>
      ) : (
        <Notice tone="warning">
          รายการนี้{order.status === 'cancelled' ? 'ถูกยกเลิก' : 'หมดอายุ'}แล้ว กรุณาอย่าโอนเงินสำหรับรายการนี้
          หากต้องการฝากเงิน กรุณาสร้างรายการใหม่
        </Notice>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={orderLink} className="btn-ghost flex-1">
          ดูสถานะรายการ
        </Link>
        {pending ? null : (
          <Link to={`${PAGES.transaction.path}?tab=deposit`} className="btn-ghost flex-1">
            ฝากเงินใหม่
          </Link>
        )}
      </div>
    </section>
  )
}

function PromptPay({ order, qrSvg }: { order: OrderView; qrSvg: string }) {
  return (
    <div className="card space-y-3 text-center">
      <h2 className="font-bold">สแกน QR พร้อมเพย์ด้วยแอปธนาคาร</h2>
      <div
        data-testid="promptpay-qr"
        role="img"
        aria-label={`QR พร้อมเพย์ ยอด ${formatBaht(order.amount)}`}
        className="mx-auto aspect-square w-full max-w-64 overflow-hidden rounded-xl bg-white [&>svg]:block [&>svg]:size-full"
        // Made on the server from the order alone (no member input).
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="text-sm text-slate-300">
        ชื่อบัญชีผู้รับ: <span className="font-bold text-slate-100">{order.payTo.accountName}</span>
      </p>
      {/* A phone cannot scan its own screen: the QR as a picture to open in the banking app. */}
      <a
        href={promptPayPngPath(order.id)}
        download={promptPayFileName(order.id)}
        className="btn-primary w-full"
      >
        บันทึกรูป QR
      </a>
      <p className="text-xs text-slate-400">
        จ่ายด้วยมือถือเครื่องนี้: บันทึกรูป QR แล้วเลือก &ldquo;สแกนจากรูปภาพ&rdquo; ในแอปธนาคาร
      </p>
      <p className="text-xs text-slate-400">โอนตามยอดใน QR เท่านั้น ระบบจะเติมเงินให้อัตโนมัติเมื่อได้รับเงิน</p>
    </div>
  )
}

function BankTransfer({ order }: { order: OrderView }) {
  const { bankName, accountNumber, accountName } = order.payTo
  return (
    <div className="card space-y-3">
      <h2 className="font-bold">โอนเงินเข้าบัญชีของเรา</h2>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-slate-300">ธนาคาร</dt>
          <dd className="font-bold">{bankName ?? '-'}</dd>
        </div>
        <div>
          <dt className="text-slate-300" id="account-number-label">
            เลขที่บัญชี
          </dt>
          <dd className="flex items-center justify-between gap-3">
            <span
              className="select-all font-mono text-xl font-bold tracking-wider"
              aria-labelledby="account-number-label"
            >
              {accountNumber ?? '-'}
            </span>
            {accountNumber ? <CopyButton text={accountNumber} label="คัดลอกเลขที่บัญชี" /> : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-300">ชื่อบัญชี</dt>
          <dd className="font-bold">{accountName}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-400">
        โอนให้ตรงยอด {formatBaht(order.amount)} จากบัญชีที่ลงทะเบียนไว้ ระบบจะเติมเงินให้อัตโนมัติเมื่อได้รับเงิน
      </p>
    </div>
  )
}
