import { Skeleton } from 'antd'
import { lazy, Suspense } from 'react'
import type { JsonEditorProps } from './JsonEditor'

// CodeMirror is a large part of the bundle and only a few dialogs show it: its chunk loads the
// first time one of them opens, not at start-up
const JsonEditorChunk = lazy(() => import('./JsonEditor').then((m) => ({ default: m.JsonEditor })))

/** The JSON editor, loaded on first use; a placeholder of the same height holds its place meanwhile. */
export function LazyJsonEditor({ height = '280px', ...props }: JsonEditorProps) {
  return (
    <Suspense
      fallback={
        <div style={{ height, overflow: 'hidden' }}>
          <Skeleton active />
        </div>
      }
    >
      <JsonEditorChunk height={height} {...props} />
    </Suspense>
  )
}
