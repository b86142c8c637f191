import { theme } from 'antd'

/** Plain text kept as the server wrote it, in a themed box that scrolls instead of stretching the page. */
export function Preformatted({ children, testId }: { children: string; testId?: string }) {
  const { token } = theme.useToken()
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        padding: token.paddingSM,
        maxHeight: 400,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM
      }}
    >
      {children}
    </pre>
  )
}
