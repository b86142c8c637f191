import { JsonView, allExpanded, collapseAllNested, darkStyles, defaultStyles } from 'react-json-view-lite'
import 'react-json-view-lite/dist/index.css'
import { useEffectiveTheme } from '@renderer/theme/useEffectiveTheme'

/** A collapsible JSON tree that follows the app theme. Small values open fully, big ones one level. */
export function JsonTree({ data, testId }: { data: unknown; testId?: string }) {
  const theme = useEffectiveTheme()
  const value = typeof data === 'object' && data !== null ? data : { value: data }
  const small = JSON.stringify(value).length < 2000
  return (
    <div data-testid={testId}>
      <JsonView
        data={value}
        style={theme === 'dark' ? darkStyles : defaultStyles}
        shouldExpandNode={small ? allExpanded : collapseAllNested}
      />
    </div>
  )
}
