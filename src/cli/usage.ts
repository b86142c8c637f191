/** What `cli help` (and a bad command line) prints: every command, flag and exit code. */
export const USAGE = `usage: cli [--config FILE [--input ID=VALUE]...] [--connect-timeout SECONDS] COMMAND [--json]

commands:
  servers                                   configured servers: name, type, command or URL, approved or not
  servers --builtin                         the built-in servers: name, what it does, the args and env it takes
  import FILE [--input ID=VALUE]...         add a config file's servers to MCP Studio's list (approved: you ran this)
  remove SERVER                             remove a server from MCP Studio's list
  approve SERVER                            approve the command (or URL) a saved server runs now
  enable SERVER                             switch a saved server on (the app, if it runs, starts it)
  disable SERVER                            switch a saved server off (the app, if it runs, stops it)
  check SERVER                              connect and list tools: "ok: N tools" or the error
  tools SERVER                              tools: name, function-call id, description
  call SERVER TOOL [--args JSON] [--timeout S] [--trace]
                                            call a tool; progress on stderr, result on stdout;
                                            --trace: its spans after it (stderr, or "trace" in --json)
  prompts SERVER                            prompts: name, arguments (* required), description
  prompt SERVER NAME [--args JSON]          get a prompt; --args holds string values
  resources SERVER                          resources and resource templates
  resource SERVER URI                       read a resource: text as is, binary as type and size
  logs SERVER                               connect and print the server's log (secrets redacted)
  chat MESSAGE [--model M] [--base-url URL] [--api-key-env NAME] [--approve-tools ask|all|none]
       [--max-steps N] [--servers A,B] [--trace]
                                            ask a model (any OpenAI-compatible endpoint) that may use
                                            the servers' tools: the answer streams to stdout, each
                                            tool call and its result on stderr. The endpoint:
                                            --base-url (key from --api-key-env NAME or OPENAI_API_KEY),
                                            else OPENAI_BASE_URL and OPENAI_API_KEY, else the app's
                                            saved default provider. --model: default the provider's
                                            default, or the first it lists. --approve-tools: ask (default;
                                            denied without a terminal), all or none. --max-steps:
                                            model calls in the turn (default 10). --servers: default
                                            every switched-on, approved server. --trace: the turn's
                                            spans after it (stderr, or "trace" in --json)
  auth SERVER [--oauth-browser system|follow]
                                            sign in to a remote server (OAuth) in the browser; the
                                            tokens are kept for the other commands. follow: walk the
                                            authorization redirects without a browser (scripts, CI)
  auth SERVER --logout                      sign out: tokens revoked where the server can, then deleted
  registry search TERM [--registry URL] [--limit N]
                                            servers in an MCP Registry: name, version, what it runs,
                                            description (follows its pages up to --limit, default 100)
  registry add NAME [--registry URL] [--version V] [--input KEY=VALUE]...
                                            add a registry server to MCP Studio's list, pinned to its
                                            version (approved: you ran this); --input gives the env
                                            vars, headers and arguments it asks for (a desktop
                                            extension entry: downloaded, its checksum checked,
                                            installed; --input gives its user_config). The registry:
                                            --registry, else MCP_REGISTRY_URL, else the first one
                                            saved in the app
  dxt install FILE [--user-config KEY=VALUE]... [--accept-invalid-signature]
                                            install a desktop extension (.mcpb or .dxt) as a server
                                            (approved: you ran this); a setting given twice is a list
  dxt list                                  installed extensions: name, version, server, folder
  dxt remove NAME                           uninstall an extension by its manifest name: its server and folder
  runtimes                                  node, uv, bun, python, docker: found (path, version) or missing,
                                            with where to get it; a path set in the app's Runtimes wins

--json          parseable JSON on stdout (every command); messages stay on stderr
--config FILE   an mcpServers JSON (Claude Desktop, Cursor, Cherry Studio) or VS Code's mcp.json;
                default: the servers saved by MCP Studio (only the approved ones run)
--input ID=VALUE  the value of \${input:ID} in that file (VS Code inputs); once per input
--elicitation accept-defaults|decline
                when a server asks for input: send each field's default (a required field without
                one declines), or decline; without it you are asked on a terminal (one prompt per
                field, a link opened only if you say y), and it is declined when there is none (a pipe, CI)
--sampling decline|model
                when a server asks for a model reply: reject, or have the model answer (the endpoint
                as for chat: --base-url with --api-key-env, OPENAI_BASE_URL, or the app's saved
                default, and --model); without it you type the reply on a terminal (an empty line
                rejects), and it is rejected when there is none
Ctrl-C at a server's question cancels that question only (sampling: rejects) and the call goes on;
otherwise Ctrl-C stops a running call (the server is told) and the servers; a second Ctrl-C quits at once.
exit codes: 0 ok, 1 failure (connection, tool error, timeout), 2 bad usage or config, 130 interrupted`
