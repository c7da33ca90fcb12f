import { parseWithZod } from '@conform-to/zod'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  DEFAULT_MESSAGE,
  VALIDATION_DEBOUNCE_MS,
  dialogEmailError,
  dialogUrlError,
  field,
  messages,
  resolveForm,
  rules,
  validateField,
  validators as v,
  withMessage,
} from '~/forms/rules'
import { formSchema } from '~/forms/zod'

const file = (name: string, bytes = 1) => new File([new Uint8Array(bytes)], name)

describe('validators: one table per rule', () => {
  it.each([
    [null, {}, false],
    [undefined, {}, false],
    [[], {}, false],
    [false, {}, true],
    [false, { allowFalse: true }, true],
    [false, { allowFalse: false }, false],
    ['', {}, false],
    ['   ', {}, false],
    [' a ', {}, true],
    [0, {}, true],
    ['0', {}, true],
    [['a'], {}, true],
  ])('required(%j, %j) is %s', (value, params, ok) => {
    expect(v.required(value, params)).toBe(ok)
  })

  it.each([
    ['user@example.com', false, true],
    ['first.last+tag@mail.example.co.th', false, true],
    ['user@[192.168.0.1]', false, true],
    ['"john doe"@example.com', false, true],
    ['a@b.c', false, false],
    ['user@example', false, false],
    ['user.@example.com', false, false],
    ['us er@example.com', false, false],
    ['user@exa_mple.com', false, false],
    ['a@b.com, c@d.org', false, false],
    ['a@b.com, c@d.org', true, true],
    ['a@b.com,c@d.org ', true, true],
    ['a@b.com, nope', true, false],
    ['a@b.com,', true, false],
    [['a@b.com', 'c@d.org'], false, true],
  ])('email(%j, multiple %s) is %s', (value, multiple, ok) => {
    expect(v.email(value, { multiple })).toBe(ok)
  })

  it.each([
    ['abcd', 4, true],
    ['abc', 4, false],
    ['สมชาย', 5, true],
    [['abcd', 'efgh'], 4, true],
    [['abcd', 'ef'], 4, false],
    [1234, 4, true],
    [null, 0, false],
  ])('min(%j, %i) is %s', (value, length, ok) => {
    expect(v.min(value, { length })).toBe(ok)
  })

  it.each([
    ['abcd', 4, true],
    ['abcde', 4, false],
    [['ab', 'cd'], 2, true],
    [['ab', 'cde'], 2, false],
    [null, 0, true],
  ])('max(%j, %i) is %s', (value, length, ok) => {
    expect(v.max(value, { length })).toBe(ok)
  })

  it.each([
    ['10', 10, true],
    ['9.99', 10, false],
    [10, 10, true],
    ['', 0, false],
    [null, 0, false],
    [undefined, 0, false],
    ['abc', 0, false],
    [[], 0, false],
    [['5', '6'], 5, true],
    [['5', '4'], 5, false],
  ])('min_value(%j, %d) is %s', (value, min, ok) => {
    expect(v.min_value(value, { min })).toBe(ok)
  })

  it.each([
    ['100', 100, true],
    ['100.5', 100, false],
    ['-3', 0, true],
    ['', 100, false],
    [null, 100, false],
    ['abc', 100, false],
    [['1', '2'], 2, true],
  ])('max_value(%j, %d) is %s', (value, max, ok) => {
    expect(v.max_value(value, { max })).toBe(ok)
  })

  it.each([
    ['5', 1, 10, true],
    ['1', 1, 10, true],
    ['10', 1, 10, true],
    ['0', 1, 10, false],
    ['10.01', 1, 10, false],
    [7, 1, 10, true],
    ['abc', 1, 10, false],
    [['2', '3'], 1, 10, true],
    [['2', '30'], 1, 10, false],
  ])('between(%j, %d, %d) is %s', (value, min, max, ok) => {
    expect(v.between(value, { min, max })).toBe(ok)
  })

  it.each([
    ['0123456789', true],
    ['٠١٢٣٤٥٦٧٨٩', true],
    ['١٢3', false],
    ['๑๒๓', false],
    ['-1', false],
    ['+1', false],
    ['1.5', false],
    ['1 000', false],
    ['', false],
    [42, true],
    [['1', '٢'], true],
    [['1', 'x'], false],
  ])('numeric(%j) is %s', (value, ok) => {
    expect(v.numeric(value)).toBe(ok)
  })

  it.each([
    ['12', true],
    ['-12', true],
    ['0', true],
    ['+1', false],
    ['1.0', false],
    ['-', false],
    ['1e3', false],
    ['๑๒', false],
    [-5, true],
    [['1', '-2'], true],
  ])('integer(%j) is %s', (value, ok) => {
    expect(v.integer(value)).toBe(ok)
  })

  it.each([
    ['1234', 4, true],
    ['123', 4, false],
    ['12345', 4, false],
    ['12a4', 4, false],
    ['-123', 4, false],
    ['0812345678', 10, true],
    ['', 0, true],
    [1234, 4, true],
    [['1234', '5678'], 4, true],
  ])('digits(%j, %i) is %s', (value, length, ok) => {
    expect(v.digits(value, { length })).toBe(ok)
  })

  it.each([
    ['12', {}, true],
    ['12.', {}, true],
    ['12.5', {}, true],
    ['-12.25', {}, true],
    ['.5', {}, false],
    ['+1.5', {}, false],
    ['1.2.3', {}, false],
    ['12,5', {}, false],
    ['12,5', { separator: 'comma' }, true],
    ['12.5', { separator: 'comma' }, false],
    ['12.50', { decimals: 2 }, true],
    ['12', { decimals: 2 }, true],
    ['12.5', { decimals: 2 }, false],
    ['12.505', { decimals: 2 }, false],
    ['12.', { decimals: 2 }, false],
    ['12,50', { decimals: 2, separator: 'comma' }, true],
    ['abc', {}, false],
  ] as const)('double(%j, %j) is %s', (value, params, ok) => {
    expect(v.double(value, params)).toBe(ok)
  })

  it.each([
    ['สมชาย', true],
    ['สมศักดิ์', true],
    ['John', true],
    ['Müller', true],
    ['Иван', true],
    ['محمد', true],
    ['', true],
    ['John1', false],
    ['สมชาย ใจดี', false],
    ['ok😀', false],
    ['a-b', false],
    [['abc', 'กขค'], true],
  ])('alpha(%j) is %s', (value, ok) => {
    expect(v.alpha(value)).toBe(ok)
  })

  it.each([
    ['สมชาย123', true],
    ['user01', true],
    ['علي٣', true],
    ['Ünal9', true],
    ['ok😀', false],
    ['user_01', false],
    ['a b', false],
    ['สมชาย๑', false],
  ])('alpha_num(%j) is %s', (value, ok) => {
    expect(v.alpha_num(value)).toBe(ok)
  })

  it.each([
    ['secret', 'secret', true],
    ['secret', 'Secret', false],
    ['', '', true],
    ['123', 123, true],
    ['x', undefined, false],
  ])('confirmed(%j, target %j) is %s', (value, target, ok) => {
    expect(v.confirmed(value, { target })).toBe(ok)
  })

  it.each([
    ['File a.jpg', true, file('a.jpg')],
    ['File A.JPEG', true, file('A.JPEG')],
    ['File x.Png', true, file('x.Png')],
    ['File x.webp', true, file('x.webp')],
    ['File x.svg', true, file('x.svg')],
    ['File x.bmp', true, file('x.bmp')],
    ['File x.gif', true, file('x.gif')],
    ['File x.pdf', false, file('x.pdf')],
    ['File jpg', false, file('jpg')],
    ['File x.jpg.exe', false, file('x.jpg.exe')],
    ['name photo.gif', true, 'photo.gif'],
    ['name photo.tiff', false, 'photo.tiff'],
    ['[a.png, b.jpg]', true, [file('a.png'), file('b.jpg')]],
    ['[a.png, b.txt]', false, [file('a.png'), file('b.txt')]],
    ['{}', false, {}],
    ['null', false, null],
  ])('image(%s) is %s', (_, ok, value) => {
    expect(v.image(value)).toBe(ok)
  })

  it.each([
    ['1024 B, 1 KB', true, file('a.png', 1024), 1],
    ['1025 B, 1 KB', false, file('a.png', 1025), 1],
    ['512000 B, 500 KB', true, file('a.png', 500 * 1024), 500],
    ['512001 B, 500 KB', false, file('a.png', 500 * 1024 + 1), 500],
    ['0 B, 0 KB', true, file('a.png', 0), 0],
    ['[1024 B, 2048 B], 2 KB', true, [file('a', 1024), file('b', 2048)], 2],
    ['[1024 B, 2049 B], 2 KB', false, [file('a', 1024), file('b', 2049)], 2],
    ['1 B, NaN KB', false, file('a.png', 1), Number.NaN],
    ['a file name string, 1 KB', false, 'a.png', 1],
  ])('size(%s) is %s', (_, ok, value, size) => {
    expect(v.size(value, { size })).toBe(ok)
  })

  it.each([
    ['0812345678', /^0\d{9}$/, true],
    ['081234567', /^0\d{9}$/, false],
    ['ABC', '^[A-Z]+$', true],
    ['abc', '^[A-Z]+$', false],
    ['abc', /^[a-z]+$/g, true],
    [['ab', 'cd'], /^[a-z]{2}$/, true],
    [['ab', 'c'], /^[a-z]{2}$/, false],
  ])('regex(%j, %s) is %s', (value, regex, ok) => {
    expect(v.regex(value, { regex })).toBe(ok)
  })

  it('a /g regex gives the same answer twice in a row', () => {
    const regex = /^a$/g
    expect([v.regex('a', { regex }), v.regex('a', { regex })]).toEqual([true, true])
  })
})

describe('the chain', () => {
  const label = 'ชื่อผู้ใช้'
  const run = (value: unknown, chain: Parameters<typeof validateField>[1]) =>
    validateField(value, chain, { label })

  it('checks required first, whatever the order', () => {
    expect(run('', [rules.min(4), rules.alpha_num(), rules.required()])).toBe('กรุณากรอกชื่อผู้ใช้')
    expect(run('   ', [rules.min(4), rules.required()])).toBe('กรุณากรอกชื่อผู้ใช้')
  })

  it('reports only the first failing rule', () => {
    expect(run('a!', [rules.required(), rules.min(4), rules.alpha_num()])).toBe(
      'ชื่อผู้ใช้ต้องมีอย่างน้อย 4 ตัวอักษร',
    )
    expect(run('abcd!', [rules.required(), rules.min(4), rules.alpha_num()])).toBe(
      'ชื่อผู้ใช้ต้องเป็นตัวอักษรหรือตัวเลขเท่านั้น',
    )
    expect(run('สมชาย01', [rules.required(), rules.min(4), rules.alpha_num()])).toBeUndefined()
  })

  it.each([[null], [undefined], [''], [[]]])('skips an empty optional field (%j)', (value) => {
    expect(run(value, [rules.min(4), rules.email(), rules.min_value(1)])).toBeUndefined()
  })

  it('does not skip an optional field of only spaces', () => {
    expect(run('  ', [rules.alpha()])).toBe('ชื่อผู้ใช้ต้องเป็นตัวอักษรเท่านั้น')
  })

  it.each([
    ['email', rules.email(), 'x', 'อีเมลต้องเป็นที่อยู่อีเมลที่ถูกต้อง'],
    ['min', rules.min(6), 'x', 'อีเมลต้องมีอย่างน้อย 6 ตัวอักษร'],
    ['max', rules.max(3), 'xxxx', 'อีเมลต้องมีไม่เกิน 3 ตัวอักษร'],
    ['min_value', rules.min_value(100), '99', 'อีเมลต้องมีค่าตั้งแต่ 100 ขึ้นไป'],
    ['max_value', rules.max_value(5000), '5001', 'อีเมลต้องมีค่าไม่เกิน 5000'],
    ['between', rules.between(1, 9), '10', 'อีเมลต้องมีค่าระหว่าง 1 ถึง 9'],
    ['numeric', rules.numeric(), 'x', 'อีเมลต้องเป็นตัวเลขเท่านั้น'],
    ['integer', rules.integer(), 'x', 'อีเมลต้องเป็นจำนวนเต็ม'],
    ['digits', rules.digits(6), '123', 'อีเมลต้องเป็นตัวเลข 6 หลักพอดี'],
    ['double', rules.double(), 'x', 'อีเมลต้องเป็นเลขทศนิยมที่ถูกต้อง'],
    ['alpha', rules.alpha(), '1', 'อีเมลต้องเป็นตัวอักษรเท่านั้น'],
    ['image', rules.image(), 'a.txt', 'อีเมลต้องเป็นไฟล์รูปภาพ'],
    ['size', rules.size(2), file('a.png', 3000), 'อีเมลต้องมีขนาดไม่เกิน 2 KB'],
    ['regex', rules.regex(/^\d+$/), 'x', 'รูปแบบของอีเมลไม่ถูกต้อง'],
  ] as const)('interpolates the label and params: %s', (_, rule, value, message) => {
    expect(validateField(value, [rule], { label: 'อีเมล' })).toBe(message)
  })

  it('names the target label in confirmed and reads its value from the form', () => {
    const chain = [rules.confirmed('password')]
    const ctx = { label: 'ยืนยันรหัสผ่าน', labels: { password: 'รหัสผ่าน' } }
    expect(validateField('abc', chain, { ...ctx, values: { password: 'abd' } })).toBe(
      'การยืนยันรหัสผ่านไม่ตรงกัน',
    )
    expect(validateField('abc', chain, { ...ctx, values: { password: 'abc' } })).toBeUndefined()
  })

  it('interpolates {_value_}, keeps unknown placeholders, takes overrides', () => {
    const rule = withMessage(rules.min(3), '{_field_} "{_value_}" สั้นกว่า {length} {nope}')
    expect(validateField('ab', [rule], { label: 'รหัส' })).toBe('รหัส "ab" สั้นกว่า 3 {nope}')
  })

  it('falls back to the default message for a rule without its own', () => {
    expect(DEFAULT_MESSAGE).toBe('{_field_}ไม่ถูกต้อง')
    const even = rules.custom((value) => Number(value) % 2 === 0)
    expect(validateField('3', [even], { label: 'จำนวน' })).toBe('จำนวนไม่ถูกต้อง')
    expect(validateField('4', [even], { label: 'จำนวน' })).toBeUndefined()
    expect(validateField('3', [rules.custom(() => false, 'ไม่ได้')], { label: 'x' })).toBe('ไม่ได้')
  })

  it('takes a message computed from the value and the form', () => {
    const rule = rules.custom(
      (value, values) => String(value).length === Number(values.size),
      (value, values) => `ต้องมี ${String(values.size)} หลัก ไม่ใช่ ${String(value).length}`,
    )
    const run = (value: string) =>
      validateField(value, [rule], { label: 'เลข', values: { size: '4' } })
    expect(run('123')).toBe('ต้องมี 4 หลัก ไม่ใช่ 3')
    expect(run('1234')).toBeUndefined()
  })

  it('has a Thai message for each of the 17 rules', () => {
    expect(Object.keys(messages)).toHaveLength(17)
    expect(
      Object.keys(rules)
        .filter((name) => name !== 'custom')
        .sort(),
    ).toEqual(Object.keys(messages).sort())
  })

  it('takes the debounce from the product constants', () => {
    expect(VALIDATION_DEBOUNCE_MS).toBe(16)
  })
})

describe('zod bridge through parseWithZod', () => {
  const schema = formSchema({
    username: field('ชื่อผู้ใช้', [rules.required(), rules.min(4), rules.max(20), rules.alpha_num()]),
    password: field('รหัสผ่าน', [rules.required(), rules.min(6)]),
    password_confirm: field('ยืนยันรหัสผ่าน', [rules.required(), rules.confirmed('password')]),
    email: field('อีเมล', [rules.email()]),
  })
  const form = (entries: Record<string, string | File>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(entries)) data.append(name, value)
    return data
  }

  it('accepts a valid form and types its value', () => {
    const submission = parseWithZod(
      form({ username: 'สมชาย01', password: 'secret1', password_confirm: 'secret1', email: '' }),
      { schema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toEqual({
      username: 'สมชาย01',
      password: 'secret1',
      password_confirm: 'secret1',
      email: undefined,
    })
    expectTypeOf(submission.value.username).toEqualTypeOf<string>()
    expectTypeOf(submission.value.email).toEqualTypeOf<string | undefined>()
  })

  it('gives one Thai message per field, confirmed on the confirming field', () => {
    const submission = parseWithZod(
      form({ username: 'ab', password: 'secret1', password_confirm: 'secret2', email: 'x@y' }),
      { schema },
    )
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({
      username: ['ชื่อผู้ใช้ต้องมีอย่างน้อย 4 ตัวอักษร'],
      password_confirm: ['การยืนยันรหัสผ่านไม่ตรงกัน'],
      email: ['อีเมลต้องเป็นที่อยู่อีเมลที่ถูกต้อง'],
    })
  })

  it('treats missing and empty values as empty (required fails, optional passes)', () => {
    const submission = parseWithZod(form({ username: '', password: '   ' }), { schema })
    expect(submission.reply().error).toEqual({
      username: ['กรุณากรอกชื่อผู้ใช้'],
      password: ['กรุณากรอกรหัสผ่าน'],
      password_confirm: ['กรุณากรอกยืนยันรหัสผ่าน'],
    })
  })

  it('checks files, treats an untouched file input as empty, rejects wrong types', () => {
    const upload = formSchema({
      slip: field('สลิป', [rules.required(), rules.image(), rules.size(1)], 'file'),
      photos: field('รูปภาพ', [rules.image()], 'files'),
      note: field('หมายเหตุ', [rules.max(5)]),
    })
    const empty = new File([], '')
    expect(
      parseWithZod(form({ slip: empty, photos: empty }), { schema: upload }).reply().error,
    ).toEqual({
      slip: ['กรุณากรอกสลิป'],
    })
    const big = parseWithZod(form({ slip: file('s.png', 2048) }), { schema: upload })
    expect(big.reply().error).toEqual({ slip: ['สลิปต้องมีขนาดไม่เกิน 1 KB'] })

    const data = form({ slip: file('s.png', 10), note: file('n.txt') })
    data.append('photos', file('a.jpg'))
    data.append('photos', file('b.gif'))
    const wrong = parseWithZod(data, { schema: upload })
    expect(wrong.reply().error).toEqual({ note: ['หมายเหตุไม่ถูกต้อง'] })

    data.delete('note')
    const ok = parseWithZod(data, { schema: upload })
    expect(ok.status).toBe('success')
    if (ok.status !== 'success') return
    expect(ok.value.photos.map((photo) => photo.name)).toEqual(['a.jpg', 'b.gif'])
    expectTypeOf(ok.value.slip).toEqualTypeOf<File>()
    expectTypeOf(ok.value.photos).toEqualTypeOf<File[]>()
  })
})

describe("resolveForm: the browser's resolver, without zod", () => {
  const fields = {
    username: field('ชื่อผู้ใช้', [rules.required(), rules.min(4), rules.alpha_num()]),
    password: field('รหัสผ่าน', [rules.required(), rules.min(6)]),
    password_confirm: field('ยืนยันรหัสผ่าน', [rules.required(), rules.confirmed('password')]),
    email: field('อีเมล', [rules.email()]),
    tags: field('แท็ก', [rules.max(3)], 'texts'),
  }
  const schema = formSchema(fields)
  const toFormData = (entries: [string, string][]) => {
    const data = new FormData()
    for (const [name, value] of entries) data.append(name, value)
    return data
  }
  const payloadOf = (entries: [string, string][]) => {
    const payload: Record<string, unknown> = {}
    for (const [name, value] of entries) {
      const prev = payload[name]
      payload[name] =
        prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
    }
    return payload
  }

  it.each<[string, [string, string][]]>([
    ['empty', []],
    [
      'blank strings',
      [
        ['username', ''],
        ['password', '   '],
        ['email', ''],
      ],
    ],
    [
      'short and mismatched',
      [
        ['username', 'ab'],
        ['password', 'secret1'],
        ['password_confirm', 'secret2'],
        ['email', 'x@y'],
      ],
    ],
    [
      'a list with a long item',
      [
        ['username', 'สมชาย01'],
        ['password', 'secret1'],
        ['password_confirm', 'secret1'],
        ['tags', 'ok'],
        ['tags', 'toolong'],
      ],
    ],
  ])('gives what parseWithZod with formSchema gives: %s', (_, entries) => {
    const server = parseWithZod(toFormData(entries), { schema }).reply().error ?? {}
    const browser = resolveForm(fields, payloadOf(entries))
    expect('error' in browser ? browser.error : {}).toEqual(server)
    expect(Object.keys(server).length).toBeGreaterThan(0)
  })

  it('gives the normalized value of a valid form', () => {
    const result = resolveForm(fields, {
      username: 'สมชาย01',
      password: 'secret1',
      password_confirm: 'secret1',
      email: '',
      tags: 'one',
      extra: 'dropped',
    })
    expect(result).toEqual({
      value: {
        username: 'สมชาย01',
        password: 'secret1',
        password_confirm: 'secret1',
        email: undefined,
        tags: ['one'],
      },
    })
  })
})

describe('dialog checks', () => {
  it.each([
    ['a@b.co', undefined],
    ['', undefined],
    ['a@b', 'Invalid email address'],
    ['not an email', 'Invalid email address'],
  ])('email %j -> %s', (value, error) => {
    expect(dialogEmailError(value)).toBe(error)
  })

  it.each([
    ['https://example.com/path?q=1', undefined],
    ['http://localhost:3000', undefined],
    ['', undefined],
    ['example.com', 'Invalid URL'],
    ['javascript:alert(1)', 'Invalid URL'],
    ['http://', 'Invalid URL'],
  ])('url %j -> %s', (value, error) => {
    expect(dialogUrlError(value)).toBe(error)
  })
})
