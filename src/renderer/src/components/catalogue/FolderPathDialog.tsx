import { Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbsolutePath } from '@shared/mcp/serverCatalogue'

export interface FolderPathDialogProps {
  /** the title of the entry that asks */
  name: string
  onSubmit: (folder: string) => void
  onCancel: () => void
}

/** Where no native folder picker exists (browser mode): the folder's full path, typed in. Shown while mounted. */
export function FolderPathDialog({ name, onSubmit, onCancel }: FolderPathDialogProps) {
  const { t } = useTranslation()
  const [path, setPath] = useState('')
  const [tried, setTried] = useState(false)
  const trimmed = path.trim()
  const error = !trimmed ? t('catalogue.folder.required') : !isAbsolutePath(trimmed) ? t('catalogue.folder.notAbsolute') : undefined
  // no error before the first try, then live as the user fixes it
  const shownError = tried ? error : undefined

  const submit = () => {
    setTried(true)
    if (!error) onSubmit(trimmed)
  }

  return (
    <Modal
      open
      title={t('catalogue.folder.title', { name })}
      okText={t('catalogue.folder.submit')}
      cancelText={t('catalogue.folder.cancel')}
      okButtonProps={{ 'data-testid': 'folder-path-submit' }}
      cancelButtonProps={{ 'data-testid': 'folder-path-cancel' }}
      onOk={submit}
      onCancel={onCancel}
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('catalogue.folder.label')}
          htmlFor="catalogue-folder-path"
          required
          validateStatus={shownError ? 'error' : undefined}
          help={shownError ? <span data-testid="folder-path-error">{shownError}</span> : t('catalogue.folder.help')}
        >
          <Input
            id="catalogue-folder-path"
            data-testid="folder-path-input"
            value={path}
            placeholder={t('catalogue.folder.placeholder')}
            onChange={(e) => setPath(e.target.value)}
            onPressEnter={submit}
            autoFocus
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
