import { sessionTokenMissing } from './api'
import { bootstrap } from './bootstrap'
import { NoSessionPage } from './pages/NoSessionPage'
import { TracePage } from './pages/TracePage'

// the Trace window (trace.html)
bootstrap(sessionTokenMissing() ? <NoSessionPage /> : <TracePage />)
