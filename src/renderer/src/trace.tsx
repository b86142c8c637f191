import { bootstrap } from './bootstrap'
import { TracePage } from './pages/TracePage'

// the Trace window (trace.html)
bootstrap(<TracePage />)
