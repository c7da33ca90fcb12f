/**
 * A browser's cookies for the site in unit tests: Set-Cookie values in (a
 * `Max-Age=0` one removes its cookie), the Cookie header and a request to
 * the stake page carrying it out.
 */
export class Jar {
  cookies = new Map<string, string>()
  apply(setCookies: readonly string[]) {
    for (const header of setCookies) {
      const name = header.slice(0, header.indexOf('='))
      const value = header.slice(header.indexOf('=') + 1, header.indexOf(';'))
      if (/Max-Age=0(;|$)/i.test(header)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return this
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  request() {
    return new Request('http://app.test/lotto/stake', { headers: { Cookie: this.header() } })
  }
}
