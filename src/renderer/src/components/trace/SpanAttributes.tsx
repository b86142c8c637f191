import { theme } from 'antd'
import type { TraceSpan } from '@shared/trace/spans'
import { attributeText, JSON_ATTRIBUTES } from './spanFormat'

/** A span's attributes as a two-column table (the JSON ones, input and output, have trees of their own). */
export function SpanAttributes({ span }: { span: TraceSpan }) {
  const { token } = theme.useToken()
  const entries = Object.entries(span.attributes).filter(([key]) => !JSON_ATTRIBUTES.has(key))
  return (
    <table data-testid="span-attributes" style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSizeSM }}>
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key} style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
            <th scope="row" style={{ textAlign: 'start', fontWeight: 'normal', color: token.colorTextSecondary, padding: '2px 8px 2px 0', whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {key}
            </th>
            <td style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all', color: key.startsWith('error.') ? token.colorError : token.colorText }}>{attributeText(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
