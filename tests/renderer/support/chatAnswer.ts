import { expect } from 'vitest'
import { screen, waitFor } from '@testing-library/react'

/** The open conversation's last answer says `text`; the chat list's preview may say it too, so any match will not do. */
export const answered = (text: string) =>
  waitFor(() => expect(screen.getAllByTestId('chat-assistant-message').at(-1)!.textContent).toContain(text), { timeout: 20_000 })
