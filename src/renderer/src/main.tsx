import { sessionTokenMissing } from './api'
import { App } from './App'
import { bootstrap } from './bootstrap'
import { NoSessionPage } from './pages/NoSessionPage'

// the main window (index.html)
bootstrap(sessionTokenMissing() ? <NoSessionPage /> : <App />)
