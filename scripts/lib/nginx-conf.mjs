/**
 * The nginx in front of the cluster (scripts/cluster.mjs; docs/deploy.md shows
 * it to operators): round-robin over the instances, sized for the streams
 * and pages they hold (`nginxSizing`), with buffers for the largest header
 * the app sends, and Thai pages for the answers nginx makes itself (400,
 * 405, 413, 414, 501, 502, 504, 505), which never reach the app. A "400
 * Request Header Or Cookie Too Large" in English was all a member saw when
 * the cookies passed 8 KB (docs/decisions/0096); the sizing and the header
 * buffers: docs/decisions/0131.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** nginx's own answers, in Thai: the status, a title and what the member can do. */
export const NGINX_ERROR_PAGES = {
  400: {
    title: 'คำขอไม่ถูกต้อง',
    text: 'เบราว์เซอร์ส่งคำขอที่ระบบรับไม่ได้ อาจเป็นเพราะคุกกี้ของเว็บไซต์นี้มีขนาดใหญ่เกินไป กรุณาล้างคุกกี้ของเว็บไซต์นี้ในการตั้งค่าเบราว์เซอร์ แล้วเข้าสู่ระบบใหม่อีกครั้ง',
  },
  405: {
    title: 'ไม่รองรับคำขอแบบนี้',
    text: 'ระบบไม่รับคำขอแบบนี้ กรุณากลับไปหน้าแรกแล้วลองใหม่อีกครั้ง',
  },
  413: {
    title: 'ข้อมูลที่ส่งมีขนาดใหญ่เกินไป',
    text: 'ข้อมูลหรือไฟล์ที่ส่งมีขนาดใหญ่เกินกว่าที่ระบบรับได้ กรุณาลดขนาดแล้วลองใหม่อีกครั้ง',
  },
  502: {
    title: 'ระบบขัดข้องชั่วคราว',
    text: 'ขออภัย ระบบไม่สามารถตอบได้ในขณะนี้ กรุณาลองใหม่อีกครั้งในอีกสักครู่',
  },
  504: {
    title: 'ระบบตอบช้ากว่าปกติ',
    text: 'ขออภัย ระบบใช้เวลานานเกินไป กรุณาลองใหม่อีกครั้งในอีกสักครู่ หากเป็นการแทงหรือการเงิน กรุณาตรวจสอบประวัติก่อนทำรายการซ้ำ',
  },
  // What nginx answers a malformed request with, before the app sees it.
  414: {
    title: 'ที่อยู่หน้าเว็บยาวเกินไป',
    text: 'ที่อยู่ของหน้าที่เปิดยาวเกินกว่าที่ระบบรับได้ กรุณากลับไปหน้าแรกแล้วเปิดหน้าที่ต้องการจากเมนูอีกครั้ง',
  },
  501: {
    title: 'ไม่รองรับคำขอแบบนี้',
    text: 'เบราว์เซอร์ส่งคำขอในรูปแบบที่ระบบไม่รองรับ กรุณาอัปเดตเบราว์เซอร์หรือลองใช้เบราว์เซอร์อื่น แล้วลองใหม่อีกครั้ง',
  },
  505: {
    title: 'ไม่รองรับคำขอแบบนี้',
    text: 'เบราว์เซอร์ส่งคำขอด้วยโปรโตคอลที่ระบบไม่รองรับ กรุณาอัปเดตเบราว์เซอร์หรือลองใช้เบราว์เซอร์อื่น แล้วลองใหม่อีกครั้ง',
  },
}

/** One self-contained Thai page (no script, no outside file: nginx serves it as is). */
export function errorPageHtml(status) {
  const { title, text } = NGINX_ERROR_PAGES[status]
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1020;color:#e2e8f0;font-family:system-ui,sans-serif}
main{max-width:28rem;padding:1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.7;margin:0 0 1rem}
a{display:inline-block;min-height:44px;line-height:44px;padding:0 1.25rem;border-radius:.75rem;background:#fcd34d;color:#0b1020;font-weight:700;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><small>รหัส ${status}</small></p>
<a href="/">กลับหน้าแรก</a>
</main>
</body>
</html>
`
}

/** Writes the pages into `<dir>/errors/` (the config's `/__nginx/` location serves them). */
export function writeErrorPages(dir) {
  mkdirSync(join(dir, 'errors'), { recursive: true })
  for (const status of Object.keys(NGINX_ERROR_PAGES)) {
    writeFileSync(join(dir, 'errors', `${status}.html`), errorPageHtml(Number(status)))
  }
}

/**
 * The error_page lines and the location serving the Thai pages (494 is how
 * nginx names a request header or cookie too large before it answers 400).
 * The app's own error answers (its Thai 502/504 pages) pass through untouched:
 * no proxy_intercept_errors.
 */
export function errorPagesBlock(errorsDir) {
  const statuses = Object.keys(NGINX_ERROR_PAGES)
  return [
    '    # nginx\'s own answers in Thai (docs/deploy.md "nginx\'s own error pages").',
    ...statuses.map((status) => `    error_page ${status} /__nginx/${status}.html;`),
    '    error_page 494 =400 /__nginx/400.html;',
    '    location ^~ /__nginx/ {',
    '      internal;',
    `      alias ${errorsDir}/;`,
    '      types { }',
    '      default_type "text/html; charset=utf-8";',
    '      add_header Cache-Control "no-store" always;',
    '    }',
  ].join('\n')
}

/**
 * The largest header block an answer of the app may have, in bytes: a 3 KB
 * session cookie, a toast, a known-device cookie and a Location of at most
 * about 1.6 KB (app/lib/redirects.ts RETURN_PATH_MAX) fit with room.
 * nginx reads an answer's headers into one buffer of `proxy_buffer_size`:
 * twice this bound. An answer past the buffer is a 502 ("upstream sent too
 * big header"), and nginx counts it against the instance.
 */
export const APP_HEADER_MAX = 8 * 1024
export const PROXY_BUFFER_SIZE = 2 * APP_HEADER_MAX

/**
 * What the balancer holds at most: the open streams of every instance
 * together (10,000: 2,000 members with 5 tabs each across three instances,
 * issue 25) and the page connections beside them.
 */
export const BALANCER_LOAD = { streams: 10_000, pageConnections: 2_000 }

/**
 * nginx's numbers for `load` (docs/deploy.md "Sizing nginx"). Every stream
 * and every page request holds two connections at nginx, the member's and
 * the one to an instance; a quarter more for what no one counted (idle
 * keep-alive connections, the upstreams' keep-alive pool). Each worker can
 * take the whole load (a connection costs a worker about half a KB before
 * it is used, and the kernel does not share connections out evenly), and
 * may open that many files and more for its logs and pages. `maxOpenFiles`:
 * the most this user may open (not root: the hard limit; nginx cannot raise
 * it), or undefined.
 * @param {{ streams: number, pageConnections: number }} [load]
 * @param {{ maxOpenFiles?: number }} [options]
 */
export function nginxSizing(load = BALANCER_LOAD, { maxOpenFiles } = {}) {
  const wanted = Math.ceil((2 * (load.streams + load.pageConnections) * 1.25) / 1024) * 1024
  const files = wanted + 1024
  const openFiles = maxOpenFiles === undefined ? files : Math.min(files, maxOpenFiles)
  return {
    wanted,
    workerConnections: Math.min(wanted, openFiles - 1024),
    workerOpenFiles: openFiles,
    // Idle connections each worker keeps open to the instances for the next page request.
    upstreamKeepalive: Math.max(32, Math.ceil(load.pageConnections / 8)),
  }
}

/**
 * The most files nginx's workers may open when started here: the hard limit
 * (`ulimit -Hn`; even root may not raise it in a container); undefined when
 * unknown or unlimited. A server raises it where nginx is started (systemd's
 * LimitNOFILE, docs/deploy.md "Sizing nginx").
 */
export function openFilesLimit() {
  const hard = Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim())
  return Number.isFinite(hard) && hard > 0 ? hard : undefined
}

/**
 * nginxSizing() for BALANCER_LOAD within the open files this machine lets
 * nginx have: what nginxConfig uses when not told otherwise.
 */
export const balancerSizing = () => nginxSizing(BALANCER_LOAD, { maxOpenFiles: openFilesLimit() })

/**
 * The whole nginx.conf of the local cluster. `dir`: its temporary directory
 * (pid, temporary files, the error pages); `port`: where nginx listens;
 * `apps`: the instances' ports; `readTimeoutSeconds`: how long nginx waits
 * for an instance's answer (nginx's 60 s when not given); `sizing`:
 * nginxSizing()'s numbers (balancerSizing() when not given).
 * @param {{ dir: string, port: number, apps: number[], readTimeoutSeconds?: number,
 *   sizing?: ReturnType<typeof nginxSizing> }} options
 */
export function nginxConfig({ dir, port, apps, readTimeoutSeconds, sizing = balancerSizing() }) {
  // max_fails=0: nginx never takes an instance out because of answers. With
  // max_fails=1 one answer nginx could not read (a header past its buffer)
  // took a healthy instance out for 2 s; three such requests took all three.
  // An instance that is down refuses the connection and the request goes to
  // the next (proxy_next_upstream error): no member sees it.
  const upstreams = apps.map((app) => `    server 127.0.0.1:${app} max_fails=0;`).join('\n')
  const readTimeout =
    readTimeoutSeconds === undefined ? '' : `\n      proxy_read_timeout ${readTimeoutSeconds}s;`
  const proxied = `proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The app trusts one hop (TRUST_PROXY_HOPS=1): the address nginx appends.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # An answer's headers are read into this one buffer: twice the app's
      # bound (APP_HEADER_MAX), so no answer of the app is a 502 here.
      proxy_buffer_size ${PROXY_BUFFER_SIZE / 1024}k;
      proxy_buffers 4 ${PROXY_BUFFER_SIZE / 1024}k;
      proxy_busy_buffers_size ${(2 * PROXY_BUFFER_SIZE) / 1024}k;`
  return `# Written by scripts/cluster.mjs: see docs/deploy.md.
# One worker per core; each can hold the whole load (nginxSizing, docs/deploy.md "Sizing nginx").
worker_processes auto;
worker_rlimit_nofile ${sizing.workerOpenFiles};
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections ${sizing.workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 1m;
  upstream app {
    # Round-robin, no stickiness: any instance may serve any member.
${upstreams}
    # Connections kept open to the instances between page requests, per
    # worker; closed by nginx before Node's own 5 s keep-alive timeout, so
    # nginx never sends a request on a connection the instance is closing.
    keepalive ${sizing.upstreamKeepalive};
    keepalive_timeout 4s;
    keepalive_requests 10000;
  }
  server {
    # reuseport: the kernel shares the connections out between the workers.
    listen 127.0.0.1:${port} reuseport;
${errorPagesBlock(join(dir, 'errors'))}
    # Live events (server-sent events): passed on as they come, never cached,
    # and kept open past nginx's 60 s (the app sends a heartbeat every 20 s).
    location = /events {
      ${proxied}
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      add_header X-Cluster-Instance $upstream_addr always;
    }
    location / {
      ${proxied}
      # An instance that is down or stopping (connection refused or reset): the
      # request goes to the next one. Not on the app's own 503s (a section
      # closed for maintenance): those are answers, not a dead instance. A POST
      # already sent is never sent twice (nginx does not retry non-idempotent requests).
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;${readTimeout}
      # Pages stream (deferred data): pass them through as they come.
      proxy_buffering off;
      # Which instance answered (this local cluster only: for tests and the curious).
      add_header X-Cluster-Instance $upstream_addr always;
    }
  }
}
`
}
