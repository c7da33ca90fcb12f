/**
 * The content area of the demo backend: home-page banners, promotions and
 * news (docs/backend-api.md, "Content"). Public (no bearer). Dates follow the
 * backend's clock, so the demo always shows current promotions and recent news.
 */
import {
  type Banner,
  bannersResponseSchema,
  type NewsItem,
  newsResponseSchema,
  type Promotion,
  promotionsResponseSchema,
} from '../../app/backend/content.schemas'
import { dataReply } from './http'
import type { Route } from './router'

const DAY_MS = 86_400_000
/** Thailand is UTC+7 all year. */
const BANGKOK_MS = 7 * 3_600_000

/** Midnight in Bangkok `days` from the day of `now`, as ISO 8601 with +07:00. */
export function bangkokDay(now: number, days: number, hour = 0): string {
  const local = new Date(now + BANGKOK_MS)
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  const at = new Date(midnight + days * DAY_MS + hour * 3_600_000)
  return `${at.toISOString().slice(0, 19)}+07:00`
}

export const DEMO_BANNERS: readonly Banner[] = [
  {
    id: 'welcome-bonus',
    title: 'โบนัสสมาชิกใหม่ 100%',
    subtitle: 'ฝากครั้งแรก รับเพิ่มทันทีสูงสุด 1,000 บาท',
    image: '/img/banners/welcome-bonus.svg',
    link: '/promotion',
  },
  {
    id: 'lotto-900',
    title: 'หวยรัฐบาลจ่ายบาทละ 900',
    subtitle: 'แทงได้ทุกงวด วันที่ 1 และ 16 ของเดือน',
    image: '/img/banners/lotto-900.svg',
    link: '/lotto',
  },
  {
    id: 'slot-weekly',
    title: 'สล็อตค่ายดัง แตกง่ายทุกวัน',
    subtitle: 'เกมใหม่กว่า 1,000 เกม เล่นได้ทุกที่',
    image: '/img/banners/slot-weekly.svg',
    link: '/slot',
  },
  {
    id: 'cashback-5',
    title: 'คืนยอดเสีย 5% ทุกสัปดาห์',
    subtitle: 'รับอัตโนมัติทุกวันจันทร์ ไม่ต้องทำเทิร์น',
    image: '/img/banners/cashback-5.svg',
    link: '/cashback',
  },
]

export function demoPromotions(now: number): Promotion[] {
  return [
    {
      id: 'welcome-100',
      title: 'โบนัสสมาชิกใหม่ 100%',
      summary: 'ฝากครั้งแรกตั้งแต่ 100 บาท รับโบนัสเท่ากับยอดฝาก สูงสุด 1,000 บาท ทำเทิร์น 5 เท่า',
      image: '/img/promotions/welcome-100.svg',
      startsAt: bangkokDay(now, -30),
      endsAt: null,
      terms: [
        'สำหรับสมาชิกใหม่ที่ยังไม่เคยรับโปรโมชั่นใด ๆ เท่านั้น',
        'ฝากขั้นต่ำ 100 บาท รับโบนัส 100% สูงสุด 1,000 บาท',
        'ทำยอดเล่นให้ครบ 5,000 บาท ก่อนถอน',
        'ขอสงวนสิทธิ์ในการเปลี่ยนแปลงเงื่อนไขโดยไม่ต้องแจ้งล่วงหน้า',
      ],
      acceptable: true,
    },
    {
      id: 'cashback-weekly',
      title: 'คืนยอดเสีย 5% ทุกสัปดาห์',
      summary: 'เล่นเสียเท่าไรรับคืน 5% ทุกวันจันทร์ เข้ากระเป๋าอัตโนมัติ ถอนได้ทันที',
      image: '/img/promotions/cashback-weekly.svg',
      startsAt: bangkokDay(now, -14),
      endsAt: bangkokDay(now, 45),
      terms: [
        'คิดจากยอดเสียสุทธิของสัปดาห์ (จันทร์–อาทิตย์) ในอัตรา 5%',
        'กดรับได้ที่หน้าคืนยอดเสียภายในสัปดาห์ถัดไป',
        'ไม่ต้องทำเทิร์น ถอนได้ทันที',
      ],
      acceptable: false,
    },
    {
      id: 'refer-friend',
      title: 'แนะนำเพื่อนรับค่าคอมมิชชัน',
      summary: 'ชวนเพื่อนมาเล่น รับค่าคอมมิชชัน 0.5% จากทุกยอดเล่นของเพื่อนตลอดชีพ',
      image: '/img/promotions/refer-friend.svg',
      startsAt: bangkokDay(now, -60),
      endsAt: null,
      terms: [
        'รับค่าคอมมิชชัน 0.5% จากยอดเล่นของเพื่อนที่สมัครผ่านลิงก์ของคุณ',
        'ถอนค่าคอมมิชชันเข้ากระเป๋าได้ที่หน้าแนะนำเพื่อน',
      ],
      acceptable: false,
    },
    {
      id: 'daily-deposit',
      title: 'ฝากทุกวัน รับโบนัส 10%',
      summary: 'ฝากครั้งแรกของวันตั้งแต่ 300 บาท รับโบนัส 10% สูงสุด 300 บาท',
      image: '/img/promotions/daily-deposit.svg',
      startsAt: bangkokDay(now, -3),
      endsAt: bangkokDay(now, 27),
      terms: [
        'ฝากครั้งแรกของวันตั้งแต่ 300 บาท รับโบนัส 10% สูงสุด 300 บาท',
        'ทำยอดเล่นให้ครบ 3,000 บาท ก่อนถอน',
        'รับโปรโมชั่นได้ครั้งละหนึ่งรายการเท่านั้น',
      ],
      acceptable: true,
    },
    {
      id: 'lotto-weekly',
      title: 'แทงหวยครบ 1,000 รับเครดิตฟรี 50',
      summary: 'กดรับโปรแล้วแทงหวยสะสมครบ 1,000 บาทภายในสัปดาห์ รับเครดิตฟรี 50 บาท',
      image: '/img/promotions/lotto-weekly.svg',
      startsAt: bangkokDay(now, -7),
      endsAt: bangkokDay(now, 21),
      terms: [
        'นับยอดแทงหวยทุกประเภทหลังจากกดรับโปรโมชั่น',
        'แทงสะสมครบ 1,000 บาท รับเครดิตฟรี 50 บาท',
        'รับโปรโมชั่นได้ครั้งละหนึ่งรายการเท่านั้น',
      ],
      acceptable: true,
    },
  ]
}

/** Newest first. */
export function demoNews(now: number): NewsItem[] {
  return [
    {
      id: 'maintenance',
      title: 'ปิดปรับปรุงระบบฝาก-ถอน คืนนี้ 02:00–04:00 น.',
      publishedAt: bangkokDay(now, -1, 9),
      body:
        'ระบบฝาก-ถอนจะปิดปรับปรุงชั่วคราวเวลา 02:00–04:00 น. ระหว่างนี้ยังเล่นเกมและแทงหวยได้ตามปกติ\n\n' +
        'รายการฝากที่ทำระหว่างปิดปรับปรุงจะเข้าบัญชีอัตโนมัติเมื่อระบบกลับมา',
    },
    {
      id: 'draw-dates',
      title: 'กำหนดออกรางวัลหวยรัฐบาลเดือนนี้',
      publishedAt: bangkokDay(now, -2, 10),
      body:
        'หวยรัฐบาลออกรางวัลทุกวันที่ 1 และ 16 ของเดือน ปิดรับแทงเวลา 15:20 น. ของวันออกรางวัล\n\n' +
        'หากวันออกรางวัลตรงกับวันหยุดพิเศษ จะแจ้งวันออกรางวัลใหม่ในหน้านี้',
    },
    {
      id: 'new-slots',
      title: 'เกมสล็อตใหม่ 12 เกมจากค่ายดัง',
      publishedAt: bangkokDay(now, -5, 12),
      body: 'เพิ่มเกมใหม่จากค่าย PG และ JILI แล้ววันนี้ ค้นหาได้ที่หน้าสล็อต',
    },
    {
      id: 'line-login',
      title: 'เข้าสู่ระบบด้วย LINE ได้แล้ว',
      publishedAt: bangkokDay(now, -12, 15),
      body: 'ผูกบัญชี LINE แล้วเข้าสู่ระบบได้ในแตะเดียว ไม่ต้องจำรหัสผ่าน',
    },
  ]
}

export const contentRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/content/banners',
    handler: () => dataReply(bannersResponseSchema, { data: [...DEMO_BANNERS] }),
  },
  {
    method: 'GET',
    path: '/content/promotions',
    handler: (ctx) =>
      dataReply(promotionsResponseSchema, { data: demoPromotions(ctx.state.now()) }),
  },
  {
    method: 'GET',
    path: '/content/news',
    handler: (ctx) => dataReply(newsResponseSchema, { data: demoNews(ctx.state.now()) }),
  },
]
