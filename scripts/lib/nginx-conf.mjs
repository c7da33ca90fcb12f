/**
 * The nginx in front of the cluster (scripts/cluster.mjs; docs/deploy.md shows
 * it to operators): round-robin over the instances, and Thai pages for the
 * answers nginx makes itself (400, 405, 413, 502, 504), which never reach
 * the app. A "400 Request Header Or Cookie Too Large" in English was all a
 * member saw when the cookies passed 8 KB (docs/decisions/0096).
 */
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
 * The whole nginx.conf of the local cluster. `dir`: its temporary directory
 * (pid, temporary files, the error pages); `port`: where nginx listens;
 * `apps`: the instances' ports; `readTimeoutSeconds`: how long nginx waits
 * for an instance's answer (nginx's 60 s when not given).
 */
export function nginxConfig({ dir, port, apps, readTimeoutSeconds }) {
  const upstreams = apps
    .map((app) => `    server 127.0.0.1:${app} max_fails=1 fail_timeout=2s;`)
    .join('\n')
  const readTimeout =
    readTimeoutSeconds === undefined ? '' : `\n      proxy_read_timeout ${readTimeoutSeconds}s;`
  return `# Written by scripts/cluster.mjs: see docs/deploy.md.
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
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
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
${errorPagesBlock(join(dir, 'errors'))}
    # Live events (server-sent events): passed on as they come, never cached,
    # and kept open past nginx's 60 s (the app sends a heartbeat every 20 s).
    location = /events {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      add_header X-Cluster-Instance $upstream_addr always;
    }
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The app trusts one hop (TRUST_PROXY_HOPS=1): the address nginx appends.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
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
