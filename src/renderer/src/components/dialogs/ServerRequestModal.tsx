import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react'
import { ClockCircleOutlined } from '@ant-design/icons'
import { Flex, Modal, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatCountdown, useServerRequestCountdown } from '@renderer/hooks/useServerRequestCountdown'

export interface ServerRequestModalProps {
  testId: string
  title: ReactNode
  serverName: string
  expiresAt: number
  /** 1-based place of this request in the queue, and the queue's length */
  position: number
  total: number
  /** Esc, the close button: the "no answer" answer of this kind of request */
  onDismiss: () => void
  footer: ReactNode
  width?: number
  children: ReactNode
}

// where focus lands when the dialog opens: a marked element, else the first field
const FIRST_FIELD = '[data-autofocus], input:not([type=hidden]):not([disabled]), textarea:not([disabled])'

/**
 * The frame every server-request dialog shares: who asks, which of how many, how long is left.
 * The mask does not close it (a stray click must not answer for the user); Esc does, as cancel.
 */
export function ServerRequestModal(props: ServerRequestModalProps) {
  const { t } = useTranslation()
  const seconds = useServerRequestCountdown(props.expiresAt)
  const panel = useRef<HTMLDivElement>(null)

  // the last field the user was in: the opening animation and the focus trap may move focus to
  // the frame while the user is already typing or tabbing, and focus must go back where they were
  const lastField = useRef<HTMLElement | null>(null)

  const focusFirstField = () => {
    const active = document.activeElement
    // already in a field of this dialog: leave focus there (the dialog itself only ever
    // focuses its frame or its close button)
    if (active && panel.current?.contains(active) && active.matches('input, textarea')) return true
    const remembered = lastField.current?.isConnected ? lastField.current : null
    const target = remembered ?? panel.current?.querySelector<HTMLElement>(FIRST_FIELD)
    target?.focus()
    return document.activeElement === target
  }

  const rememberField = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target.matches('input, textarea')) lastField.current = event.target
  }

  // right away (the portal may need a frame or two), and again when the opening animation ends,
  // since the dialog focuses its own frame at that point
  useEffect(() => {
    let frame = 0
    let tries = 0
    const attempt = () => {
      if (!focusFirstField() && ++tries < 30) frame = requestAnimationFrame(attempt)
    }
    attempt()
    return () => cancelAnimationFrame(frame)
    // once per dialog: each request gets its own (keyed) dialog
  }, [])

  return (
    <Modal
      open
      title={props.title}
      width={props.width ?? 640}
      mask={{ closable: false }}
      keyboard
      onCancel={props.onDismiss}
      afterOpenChange={(open) => open && focusFirstField()}
      footer={props.footer}
      modalRender={(node) => (
        <div ref={panel} data-testid={props.testId} onFocus={rememberField}>
          {node}
        </div>
      )}
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
    >
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBlockEnd: 12 }}>
        <Typography.Text type="secondary" data-testid="server-request-server">
          {t('dialogs.request.from', { server: props.serverName })}
        </Typography.Text>
        <Flex gap="small" align="center">
          {props.total > 1 && (
            <Tag data-testid="server-request-position">
              {t('dialogs.request.position', { current: props.position, total: props.total })}
            </Tag>
          )}
          <Tag
            icon={<ClockCircleOutlined />}
            color={seconds <= 30 ? 'warning' : undefined}
            data-testid="server-request-countdown"
            data-seconds={seconds}
          >
            {seconds > 0 ? t('dialogs.request.expiresIn', { time: formatCountdown(seconds) }) : t('dialogs.request.expired')}
          </Tag>
        </Flex>
      </Flex>
      {props.children}
    </Modal>
  )
}
