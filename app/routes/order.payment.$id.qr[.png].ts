// Never kept by a shared cache: it is one member's. Errors are a Thai page (asErrorPage), not JSON.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { memberOrder } from '~/backend/orders.server'
import { asErrorPage, httpError, methodNotAllowed } from '~/server/http-error.server'
import { requestIdFor } from '~/server/request-context.server'
import { isNumericId, PAGES } from '~/lib/pages'
import { promptPayPng } from '~/wallet/promptpay-image.server'
import { guard, type RouteRules } from '~/security/guard'
import { orderView } from '~/wallet/order-view.server'
import { promptPayFileName } from '~/ui/orders/promptpay-file-name'

const NO_QR_MESSAGE = 'รายการนี้ไม่มี QR พร้อมเพย์ให้บันทึก (ชำระแล้ว หมดอายุ หรือไม่ใช่พร้อมเพย์)'

const rules: RouteRules = {
  access: PAGES.orderPayment.access,
  validate: ({ params }) => params.id !== undefined && isNumericId(params.id),
}

export const loader = (args: LoaderFunctionArgs) =>
  qrPng(args).catch(async (thrown: unknown) => {
    throw await asErrorPage(thrown, requestIdFor(args.request, args.context))
  })

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: rules.access }, () => methodNotAllowed('GET, HEAD'))

const qrPng = (args: LoaderFunctionArgs) =>
  guard(args, rules, async (ctx) => {
    const { params } = ctx
    const order = orderView(await memberOrder(ctx, Number(params.id)))
    const { promptPayId } = order.payTo
    if (order.status !== 'pending' || order.method !== 'promptpay' || !promptPayId) {
      throw httpError(404, NO_QR_MESSAGE)
    }
    const png = await promptPayPng({
      promptPayId,
      amount: order.amount,
      accountName: order.payTo.accountName,
      orderId: order.id,
      expiresText: order.expiresText,
    })
    const fileName = promptPayFileName(order.id)
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        // A Thai name for the saved file (RFC 6266: an ASCII one first for old clients).
        'Content-Disposition': `attachment; filename="promptpay-${order.id}.png"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
