import { Typography } from 'antd'
import { Fragment } from 'react'
import { showBidiControls } from '@shared/mcp/bidiControls'

/**
 * A full command line or URL in code style that wraps where a reader expects: at spaces and after
 * path separators, and mid-word only when one part is longer than the line (so a package name is
 * not cut into "everythin g"). A bidirectional control in it (U+202E …) is shown, not obeyed: it
 * would make the command read as another.
 */
export function CommandText({ text, testId }: { text: string | undefined; testId?: string }) {
  const parts = showBidiControls(text ?? '').split(/(?<=[/\\])/)
  return (
    <Typography.Text code style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </Typography.Text>
  )
}
