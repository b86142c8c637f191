/** The page the browser shows after the redirect back: in the browser's language (en or zh). */
export type PageKind = 'success' | 'denied' | 'wrongState' | 'notFound'

const TEXT: Record<'en' | 'zh', Record<PageKind, [title: string, body: string]>> = {
  en: {
    success: ['Signed in', 'MCP Studio is signed in. You can close this tab and go back to the app.'],
    denied: ['Sign-in refused', 'The sign-in was refused, so MCP Studio is not signed in. You can close this tab.'],
    wrongState: ['Unknown sign-in', 'This link does not belong to the sign-in MCP Studio is waiting for. Start the sign-in again from the app.'],
    notFound: ['Not found', 'Nothing here.']
  },
  zh: {
    success: ['已登录', 'MCP Studio 已登录。可以关闭此标签页并返回应用。'],
    denied: ['登录被拒绝', '登录被拒绝，MCP Studio 未登录。可以关闭此标签页。'],
    wrongState: ['未知的登录', '此链接不属于 MCP Studio 正在等待的登录。请在应用中重新开始登录。'],
    notFound: ['未找到', '这里什么也没有。']
  }
}

export function pageLanguage(acceptLanguage: string | undefined): 'en' | 'zh' {
  return /^\s*zh\b/i.test(acceptLanguage ?? '') ? 'zh' : 'en'
}

export function callbackPage(kind: PageKind, language: 'en' | 'zh', detail?: string): string {
  const [title, body] = TEXT[language][kind]
  const extra = detail ? `<p><code>${escapeHtml(detail)}</code></p>` : ''
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p>${extra}</body></html>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
