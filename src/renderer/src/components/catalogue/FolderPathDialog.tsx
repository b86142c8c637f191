import { Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbsolutePath } from '@shared/mcp/serverCatalogue'

export interface FolderPathDialogProps {
  /** the title of the entry that asks, or null when closed */
  name: string | null
  onSubmit: (folder: string) => void
  onCancel: () => void
}

/** Where no native folder picker exists (browser mode): the folder's full path, typed in. */
export function FolderPathDialog({ name, onSubmit, onCancel }: FolderPathDialogProps) {
  const { t } = useTranslation()
  const [path, setPath] = useState('')
  const [tried, setTried] = useState(false)
  const trimmed = path.trim()
  const error = !trimmed ? t('catalogue.folder.required') : !isAbsolutePath(trimmed) ? t('catalogue.folder.notAbsolute') : undefined
  const shownError = tried ? error : undefined

  const reset = () => {
    setPath('')
    setTried(false)
  }
  const submit = () => {
    setTried(true)
    if (error) return
    reset()
    onSubmit(trimmed)
  }

  return (
    <Modal
      open={name !== null}
      title={t('catalogue.folder.title', { name: name ?? '' })}
      okText={t('catalogue.folder.submit')}
      cancelText={t('catalogue.folder.cancel')}
      okButtonProps={{ 'data-testid': 'folder-path-submit' }}
      onOk={submit}
      onCancel={() => {
        reset()
        onCancel()
      }}
      destroyOnHidden
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
