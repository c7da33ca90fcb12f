import { Link } from '@remix-run/react'
import { PAGES, type PageKey } from '~/lib/pages'
import { AppIcon, type IconName } from '~/ui/icons'
import { Words } from '~/ui/words'

// The app's own icons (an emoji is a box on a phone without an emoji font). The blurbs may
// wrap only between words: at a space or a ZERO WIDTH SPACE (~/ui/words).
const SERVICES: readonly { key: PageKey; icon: IconName; blurb: string }[] = [
  { key: 'lotto', icon: 'ticket', blurb: 'หวยรัฐบาล ลาว ฮานอย หุ้น และ\u200bยี่กี' },
  { key: 'slot', icon: 'slot', blurb: 'สล็อต\u200bค่ายดัง\u200bกว่า 1,000 เกม' },
  { key: 'casino', icon: 'cards', blurb: 'บาคาร่า รูเล็ต ไฮโลสด' },
  { key: 'sport', icon: 'ball', blurb: 'ฟุตบอล\u200bและ\u200bกีฬา\u200bทั่วโลก' },
  { key: 'promotion', icon: 'gift', blurb: 'โบนัส\u200bและ\u200bสิทธิพิเศษ' },
  { key: 'lottoResult', icon: 'results', blurb: 'ตรวจผล\u200bหวย\u200bทุกงวด' },
]

export function Services({ withBlurbs }: { withBlurbs: boolean }) {
  return (
    <nav aria-labelledby="home-services">
      <h2 id="home-services" className="mb-3 text-lg font-bold">
        บริการทั้งหมด
      </h2>
      <ul className="grid grid-cols-3 gap-3">
        {SERVICES.map(({ key, icon, blurb }) => (
          <li key={key}>
            <Link
              to={PAGES[key].path}
              prefetch="intent"
              className="card flex h-full min-h-20 flex-col items-center justify-center gap-1 p-2 text-center hover:border-gold-500"
            >
              <AppIcon name={icon} className="text-gold-400" />
              <span className="text-sm font-bold">
                <Words text={PAGES[key].title} />
              </span>
              {withBlurbs ? (
                <span className="text-xs leading-snug text-slate-300">
                  <Words text={blurb} />
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
