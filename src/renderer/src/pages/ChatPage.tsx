import { Alert, App, Button, Empty, Flex, Spin } from 'antd'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ConversationList } from '@renderer/components/chat/ConversationList'
import { ConversationView } from '@renderer/components/chat/ConversationView'
import { errorLine, type AppError } from '@renderer/components/errors/describeError'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { NoProviderState } from '@renderer/components/providers/NoProviderState'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'
import { useFillHeight } from '@renderer/hooks/useFillHeight'
import { usePageRoute } from '@renderer/hooks/usePageRoute'
import {
  useCreateConversationMutation,
  useDeleteConversationMutation,
  useListConversationsQuery,
  useUpdateConversationMutation
} from '@renderer/store/chatApi'
import { useListProvidersQuery } from '@renderer/store/providersApi'

/** The chat: conversations on the left, the open one on the right; no provider yet, the way to add one. */
export function ChatPage({ chatId }: { chatId?: string }) {
  const { t } = useTranslation()
  useDocumentTitle(`${t('chat.title')} · ${t('app.name')}`)
  const { message } = App.useApp()
  const [, navigate] = usePageRoute()
  const providers = useListProvidersQuery()
  const list = useListConversationsQuery()
  const [create, created] = useCreateConversationMutation()
  const [remove] = useDeleteConversationMutation()
  const [update] = useUpdateConversationMutation()
  const frame = useRef<HTMLDivElement>(null)
  const height = useFillHeight(frame, { min: 360, gap: 24 })
  const conversations = list.data?.conversations

  const failed = useCallback((e: unknown) => void message.error(t('chat.actionFailed', { message: errorLine(t, e as AppError) })), [message, t])
  const open = useCallback((id: string) => navigate({ page: 'chat', chatId: id }), [navigate])
  const onCreate = () =>
    void create({ model: providers.data?.defaultModel })
      .unwrap()
      .then((c) => open(c.id), failed)
  const onRename = useCallback((id: string, title: string) => void update({ conversationId: id, title }).unwrap().catch(failed), [update, failed])
  const onDelete = useCallback(
    (id: string) =>
      void remove(id)
        .unwrap()
        .then(() => {
          gone.current.add(id)
          if (id === chatId) navigate({ page: 'chat' }, { replace: true })
        }, failed),
    [remove, chatId, navigate, failed]
  )

  // no chat named: the newest opens, so the page is never blank when there is history (one just
  // deleted may still be in the list until main's answer)
  const gone = useRef(new Set<string>())
  const newest = conversations?.find((c) => !gone.current.has(c.id))?.id
  useEffect(() => {
    if (!chatId && newest) navigate({ page: 'chat', chatId: newest }, { replace: true })
  }, [chatId, newest, navigate])

  let content
  if (providers.data && providers.data.providers.length === 0) {
    content = <NoProviderState />
  } else if (!providers.data || !list.data) {
    const error = (providers.error ?? list.error) as AppError | undefined
    content = error ? (
      <Alert
        type="error"
        showIcon
        title={t('chat.listFailed', { message: error.message })}
        action={
          <Button size="small" onClick={() => void (providers.error ? providers.refetch() : list.refetch())}>
            {t('chat.retry')}
          </Button>
        }
        data-testid="chat-list-error"
      />
    ) : (
      <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />
    )
  } else {
    // a chat just made may show before the list has it
    const known = !chatId || list.isFetching || conversations?.some((c) => c.id === chatId)
    content = (
      <Flex gap={16} style={{ height }}>
        <ConversationList
          conversations={conversations ?? []}
          selectedId={chatId}
          height={height}
          creating={created.isLoading}
          onCreate={onCreate}
          onOpen={open}
          onRename={onRename}
          onDelete={onDelete}
        />
        <Flex vertical style={{ flex: 1, minWidth: 0, height }}>
          {list.data.notices.length ? <Alert type="warning" showIcon title={t('chat.notices', { notices: list.data.notices.join('; ') })} style={{ marginBottom: 8 }} /> : null}
          {chatId && known ? (
            <ConversationView key={chatId} conversationId={chatId} providers={providers.data} />
          ) : (
            <Empty description={chatId ? t('chat.notFound') : t('chat.pickOne')} style={{ margin: 'auto' }} data-testid="chat-pick-one">
              <Button type="primary" onClick={onCreate} loading={created.isLoading}>
                {t('chat.newChat')}
              </Button>
            </Empty>
          )}
        </Flex>
      </Flex>
    )
  }

  return (
    <AppLayout current="chat" title={t('chat.title')}>
      <div ref={frame}>{content}</div>
    </AppLayout>
  )
}
