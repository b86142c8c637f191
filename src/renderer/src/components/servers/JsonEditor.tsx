import { json, jsonParseLinter } from '@codemirror/lang-json'
import { linter, lintGutter } from '@codemirror/lint'
import { EditorView } from '@codemirror/view'
import CodeMirror from '@uiw/react-codemirror'
import { useMemo } from 'react'
import { useEffectiveTheme } from '@renderer/theme/useEffectiveTheme'

const parseLinter = jsonParseLinter()
/** JSON syntax errors, but none for an editor with nothing typed yet ("Unexpected end of JSON input"). */
const jsonLinter = (view: EditorView) => (view.state.doc.toString().trim() ? parseLinter(view) : [])

// the placeholder is an example, not content: it reads as a hint, not as grey code
const placeholderLooks = EditorView.theme({ '.cm-placeholder': { fontStyle: 'italic', opacity: 0.75 } })

export interface JsonEditorProps {
  value: string
  onChange?: (value: string) => void
  readOnly?: boolean
  height?: string
  ariaLabel: string
  placeholder?: string
  testId?: string
  /** take the focus when shown (the dialog's main control) */
  autoFocus?: boolean
}

/** A JSON code editor: highlighting, syntax errors marked in place, the app's light or dark theme. */
export function JsonEditor({ value, onChange, readOnly, height = '280px', ariaLabel, placeholder, testId, autoFocus }: JsonEditorProps) {
  const effective = useEffectiveTheme()
  const extensions = useMemo(
    () => [
      json(),
      linter(jsonLinter, { delay: 300 }),
      lintGutter(),
      EditorView.lineWrapping,
      placeholderLooks,
      EditorView.contentAttributes.of({ 'aria-label': ariaLabel })
    ],
    [ariaLabel]
  )
  return (
    <div data-testid={testId} style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        autoFocus={autoFocus}
        editable={!readOnly}
        height={height}
        theme={effective}
        placeholder={placeholder}
        extensions={extensions}
        // Tab moves focus on, as everywhere else in the app (keyboard reachability)
        indentWithTab={false}
        basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly }}
      />
    </div>
  )
}
