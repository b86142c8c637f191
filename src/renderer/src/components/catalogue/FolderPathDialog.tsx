import { Form, Input, Modal } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbsolutePath } from '@shared/mcp/serverCatalogue'
import type { AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'

export interface FolderPathDialogProps {
  /** the title of the entry that asks */
  name: string
  /** adds it; main's refusal (a folder that does not exist), if any, is shown under the field */
  onSubmit: (folder: string) => Promise<AppError | undefined>
  onCancel: () => void
}

/** Where no native folder picker exists (browser mode): the folder's full path, typed in. Shown while mounted. */
export function FolderPathDialog({ name, onSubmit, onCancel }: FolderPathDialogProps) {
  const { t } = useTranslation()
  const [path, setPath] = useState('')
  const [tried, setTried] = useState(false)
  const [adding, setAdding] = useState(false)
  // Enter reaches both the field and the form: one add at a time, whatever the render
  const inFlight = useRef(false)
  /** main's refusal of the path it was given, shown until the path changes */
  const [refused, setRefused] = useState<{ path: string; error: AppError } | null>(null)
  const trimmed = path.trim()
  const error = !trimmed ? t('catalogue.folder.required') : !isAbsolutePath(trimmed) ? t('catalogue.folder.notAbsolute') : undefined
  // no error before the first try, then live as the user fixes it
  const shownError = tried ? error : undefined
  const mainError = !shownError && refused?.path === trimmed ? refused.error : undefined

  const submit = async () => {
    setTried(true)
    if (error || inFlight.current) return
    inFlight.current = true
    setAdding(true)
    try {
      const refusal = await onSubmit(trimmed)
      setRefused(refusal ? { path: trimmed, error: refusal } : null)
    } finally {
      inFlight.current = false
      setAdding(false)
    }
  }

  return (
    <Modal
      open
      title={t('catalogue.folder.title', { name })}
      okText={t('catalogue.folder.submit')}
      cancelText={t('catalogue.folder.cancel')}
      okButtonProps={{ 'data-testid': 'folder-path-submit', loading: adding }}
      cancelButtonProps={{ 'data-testid': 'folder-path-cancel' }}
      onOk={() => void submit()}
      onCancel={onCancel}
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('catalogue.folder.label')}
          htmlFor="catalogue-folder-path"
          required
          validateStatus={shownError || mainError ? 'error' : undefined}
          help={
            shownError ? (
              <span data-testid="folder-path-error">{shownError}</span>
            ) : mainError ? (
              <ErrorText error={mainError} testId="folder-path-refused" />
            ) : (
              t('catalogue.folder.help')
            )
          }
        >
          <Input
            id="catalogue-folder-path"
            data-testid="folder-path-input"
            value={path}
            placeholder={t('catalogue.folder.placeholder')}
            onChange={(e) => setPath(e.target.value)}
            onPressEnter={() => void submit()}
            autoFocus
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
