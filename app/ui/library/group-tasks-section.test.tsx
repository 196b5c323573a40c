import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { GroupTasksSection } from './group-tasks-section'

const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>)

describe('group tasks section', () => {
  it('links the web addresses of the instructions', () => {
    const task = {
      id: '1',
      packageRoleName: 'Elev',
      groupRole: 'member' as const,
      title: 'T1',
      instructions: 'Läs https://example.se/a.',
      kind: 'task' as const,
      dayOffset: null,
      position: 0,
    }
    expect(html(<GroupTasksSection memberTasks={{ role: 'member', tasks: [task] }} />)).toContain('>https://example.se/a</a>.</p>')
  })

  it('renders nothing without tasks, and the role headings for the owner', () => {
    expect(html(<GroupTasksSection memberTasks={null} />)).toBe('')
    expect(html(<GroupTasksSection memberTasks={{ role: 'member', tasks: [] }} />)).toBe('')
    const task = (id: string, role: string) => ({
      id,
      packageRoleName: role,
      groupRole: 'member' as const,
      title: `T${id}`,
      instructions: '',
      kind: 'task' as const,
      dayOffset: 2,
      position: 0,
    })
    const owner = html(<GroupTasksSection memberTasks={{ role: 'owner', tasks: [task('1', 'Lärare'), task('2', 'Elev')] }} />)
    expect(owner).toContain('<h3 class="mt-4 font-medium">Lärare</h3>')
    expect(owner).toContain('<h3 class="mt-4 font-medium">Elev</h3>')
    const member = html(<GroupTasksSection memberTasks={{ role: 'member', tasks: [task('1', 'Elev')] }} />)
    expect(member).not.toContain('<h3')
    expect(member).toContain('T1')
  })
})
