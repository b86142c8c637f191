import { Button, Flex, Input, Modal, Typography, type InputRef } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InstallLinkProblem } from '@shared/mcp/installLink'
import { LinkProblemText } from './LinkProblemText'
import { readInstallLink } from './readInstallLink'
import { installLinkFromLocation } from './useInstallLinks'

// browser mode serves only on this computer
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Browser mode's page for a link (`http://127.0.0.1:PORT/install?servers=…`) is that link; anything else is read as typed. */
function asInstallLink(text: string): string {
  try {
    const url = new URL(text)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)) return installLinkFromLocation(url) ?? text
  } catch {
    // not a URL at all: the parser says what is wrong
  }
  return text
}

/**
 * Add server → Paste an install link: for a link that did not open the app by itself (copied from
 * a chat, or no handler registered). The parser checks it here, so a bad one is named under the
 * field; a good one goes to the approval view (`onLink`), where nothing is added until the user
 * ticks servers. Enter submits, Esc cancels.
 */
export function PasteLinkDialog({ onClose, onLink }: { onClose: () => void; onLink: (link: string) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<InstallLinkProblem>()
  const input = useRef<InputRef>(null)
  const link = asInstallLink(text.trim())

  const submit = () => {
    if (!link) return
    const result = readInstallLink(link)
    if (result.ok) onLink(link)
    else setProblem(result.problem)
  }

  return (
    <Modal
      open
      title={t('installLink.pasteTitle')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      // the field, not the dialog's first button, takes the keyboard when it opens
      afterOpenChange={(open) => open && input.current?.focus()}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="paste-link-cancel">
          {t('installLink.cancel')}
        </Button>,
        <Button key="submit" type="primary" disabled={!link} onClick={submit} data-testid="paste-link-submit">
          {t('installLink.pasteSubmit')}
        </Button>
      ]}
    >
      <Flex vertical gap="small" data-testid="paste-link-dialog">
        <Typography.Text type="secondary">{t('installLink.pasteHelp')}</Typography.Text>
        <label htmlFor="paste-link-input">
          <Typography.Text strong>{t('installLink.pasteLabel')}</Typography.Text>
        </label>
        <Input
          id="paste-link-input"
          ref={input}
          autoFocus
          value={text}
          status={problem ? 'error' : undefined}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'paste-link-problem' : undefined}
          placeholder="mcpstudio://install?servers=…"
          spellCheck={false}
          autoComplete="off"
          data-testid="paste-link-input"
          onChange={(e) => {
            setText(e.target.value)
            setProblem(undefined)
          }}
          onPressEnter={(e) => {
            e.preventDefault()
            submit()
          }}
        />
        {/* drawn here, not as a form item's help: that one fades, and a quick second error could be lost in the fade */}
        {problem && (
          <Typography.Text type="danger" id="paste-link-problem" role="alert" data-testid="paste-link-field">
            <LinkProblemText problem={problem} />
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  )
}
