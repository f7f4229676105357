// Evaluates IAM requests with @cloud-copilot/iam-simulate (a full IAM policy simulator: wildcards, every
// condition operator, policy variables, resource types). Reads a JSON array of simulations on stdin and
// writes one result per simulation: {result, errors, ignoredContextKeys}.
import { runSimulation } from '@cloud-copilot/iam-simulate'

const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const simulations = JSON.parse(Buffer.concat(chunks).toString('utf8'))
const results = []
for (const simulation of simulations) {
  const outcome = await runSimulation(
    { serviceControlPolicies: [], resourceControlPolicies: [], ...simulation },
    { simulationMode: 'Strict' }
  )
  if (outcome.resultType === 'error') {
    results.push({ result: 'Error', errors: outcome.errors })
  } else if (outcome.resultType === 'single') {
    results.push({ result: outcome.overallResult, ignoredContextKeys: outcome.result.ignoredContextKeys ?? [] })
  } else {
    results.push({ result: outcome.overallResult ?? 'Error', errors: { message: `unexpected ${outcome.resultType}` } })
  }
}
process.stdout.write(JSON.stringify(results))
