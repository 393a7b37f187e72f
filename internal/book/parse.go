package book

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// markdown is the one goldmark set-up: CommonMark with GFM tables and
// strikethrough, heading attributes ({#id after="…"}), and raw HTML left out
// of the output (goldmark's default, never WithUnsafe).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.Table, extension.Strikethrough),
	goldmark.WithParserOptions(parser.WithHeadingAttribute()),
)

// part is one heading of a file and the Markdown up to the next heading, or
// the place where `include "common"` puts the common chapters.
type part struct {
	include bool

	id, title, after string
	level            int
	body             string
	file             string
	line             int
	fromRuling       bool // the heading was written by `ruling`
}

// lineLocator maps a heading of the template's output back to its line in
// the file as written: a heading written out in the file is found by its
// line or its id; one written by a function is found at the call.
type lineLocator struct {
	src  []string
	next int // headings are found in order
}

func newLocator(src []byte) *lineLocator {
	return &lineLocator{src: strings.Split(string(src), "\n")}
}

// find returns the source line (from 1) of the output line out holding a
// heading with id, trying each of the patterns in turn; 0 if none matches.
func (l *lineLocator) find(out, id string) int {
	tries := []func(string) bool{
		func(s string) bool { return strings.TrimSpace(s) == strings.TrimSpace(out) },
	}
	if id != "" {
		tries = append(tries,
			func(s string) bool { return strings.Contains(s, "{#"+id) },
			func(s string) bool { return strings.Contains(s, `"`+id+`"`) })
	}
	for _, match := range tries {
		for _, from := range []int{l.next, 0} {
			for i := from; i < len(l.src); i++ {
				if match(l.src[i]) {
					l.next = i + 1
					return i + 1
				}
			}
		}
	}
	return 0
}

// lineOf returns the source line (from 1) of the first line containing s,
// or 0.
func (l *lineLocator) lineOf(s string) int {
	for i, t := range l.src {
		if strings.Contains(t, s) {
			return i + 1
		}
	}
	return 0
}

// split parses the template output out of file (written as src) into its
// parts. Text before the first heading is an error, as is any heading that
// is not a top-level #, ## or ### with an id and plain words.
func split(file string, src, out []byte, rulings map[string]bool) ([]part, error) {
	loc := newLocator(src)
	doc := markdown.Parser().Parse(text.NewReader(out))
	var marks []mark
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			m, err := heading(file, out, n, loc, rulings)
			if err != nil {
				return nil, err
			}
			marks = append(marks, m)
		case *ast.HTMLBlock:
			if blockText(n, out) == includeMarker {
				start, end := lineBounds(out, n.Lines().At(0).Start)
				marks = append(marks, mark{start, end, part{include: true, file: file, line: loc.lineOf(`include "common"`)}})
			}
		}
	}
	// A heading inside a list or a quote is not a section: refuse it,
	// like an include that is not on a line of its own.
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Parent() == doc {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			line := 0
			if n.Lines().Len() > 0 {
				line = loc.find(lineText(out, n.Lines().At(0).Start), "")
			}
			return ast.WalkStop, errf(file, line, "a heading inside a list or a quote: write each heading on a line of its own, starting with #")
		case *ast.RawHTML:
			if rawContains(n, out, "book:include") {
				return ast.WalkStop, errf(file, loc.lineOf(`include "common"`), `{{include "common"}} stands on a line of its own`)
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	firstStart := len(out)
	if len(marks) > 0 {
		firstStart = marks[0].start
	}
	if lead := strings.TrimSpace(string(out[:firstStart])); lead != "" {
		return nil, errf(file, leadLine(src), "text before the first heading: every text belongs to a section")
	}
	parts := make([]part, len(marks))
	for i, m := range marks {
		end := len(out)
		if i+1 < len(marks) {
			end = marks[i+1].start
		}
		m.p.body = strings.TrimSpace(string(out[min(m.end, end):end]))
		if m.p.include && m.p.body != "" {
			return nil, errf(file, m.p.line, `text after {{include "common"}} before the next heading: it would belong to the last common section`)
		}
		parts[i] = m.p
	}
	return parts, nil
}

// mark is a part found in the output, with the bounds of its heading line.
type mark struct {
	start, end int
	p          part
}

// heading reads one top-level heading.
func heading(file string, out []byte, n *ast.Heading, loc *lineLocator, rulings map[string]bool) (mark, error) {
	var m mark
	if n.Lines().Len() == 0 {
		return m, errf(file, loc.lineOf("#"), "a heading without a title")
	}
	at := n.Lines().At(0).Start
	m.start, m.end = lineBounds(out, at)
	outLine := string(out[m.start:m.end])
	id := attrString(n, "id")
	line := loc.find(outLine, id)
	if !strings.HasPrefix(strings.TrimLeft(outLine, " "), "#") {
		return m, errf(file, line, "write a heading with # signs at the start of its line (not underlined)")
	}
	if n.Level > 3 {
		return m, errf(file, line, "a heading deeper than ### (%s): a book has chapters (#), sections (##) and subsections (###)", strings.Repeat("#", n.Level))
	}
	title := strings.TrimSpace(plainText(n, out))
	if title == "" {
		return m, errf(file, line, "a heading without a title")
	}
	for _, a := range n.Attributes() {
		if name := string(a.Name); name != "id" && name != "after" {
			return m, errf(file, line, "heading %q: unknown attribute %q (a heading takes {#id} and, in a house's file, after=\"id\")", title, name)
		}
	}
	if id == "" && strings.HasSuffix(title, "}") && strings.Contains(title, "{") {
		return m, errf(file, line, "heading %q: cannot read %s: write {#id} with an id of letters, digits, \".\", \"-\" and \"_\" (and, in a house's file, after=\"id\")",
			title, title[strings.LastIndex(title, "{"):])
	}
	if id == "" {
		return m, errf(file, line, "heading %q has no id: write {#id} at its end, e.g. {#%s}", title, suggestID(file))
	}
	if !ValidID(id) {
		return m, errf(file, line, "heading %q: bad id %q: an id is the game's slug or \"common\", a dot, then letters, digits, \".\", \"-\" and \"_\"", title, id)
	}
	if strings.ContainsAny(title, "§") || startsWithNumber(title) {
		return m, errf(file, line, "heading %q: write the title in words; its number is computed", title)
	}
	m.p = part{id: id, title: title, after: attrString(n, "after"), level: n.Level, file: file, line: line, fromRuling: rulings[id]}
	return m, nil
}

// startsWithNumber reports a title written with its number ("2.3 Blind").
func startsWithNumber(title string) bool {
	f := strings.Fields(title)
	if len(f) == 0 {
		return false
	}
	w := strings.TrimSuffix(f[0], ".")
	if w == "" {
		return false
	}
	for _, r := range w {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return strings.Contains(f[0], ".") || len(f) > 1 && strings.HasSuffix(f[0], ".")
}

func suggestID(file string) string {
	base := file[strings.LastIndex(file, "/")+1:]
	return strings.TrimSuffix(base, ".md") + ".something"
}

func attrString(n ast.Node, name string) string {
	v, ok := n.AttributeString(name)
	if !ok {
		return ""
	}
	switch v := v.(type) {
	case []byte:
		return string(v)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// lineBounds returns the start and end (before the newline) of the line of
// out holding offset at.
func lineBounds(out []byte, at int) (int, int) {
	start := bytes.LastIndexByte(out[:at], '\n') + 1
	end := bytes.IndexByte(out[at:], '\n')
	if end < 0 {
		return start, len(out)
	}
	return start, at + end
}

func lineText(out []byte, at int) string {
	s, e := lineBounds(out, at)
	return string(out[s:e])
}

func blockText(n ast.Node, out []byte) string {
	var b strings.Builder
	for i := range n.Lines().Len() {
		seg := n.Lines().At(i)
		b.Write(seg.Value(out))
	}
	return strings.TrimSpace(b.String())
}

// leadLine is the first non-blank line of src.
func leadLine(src []byte) int {
	for i, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) != "" {
			return i + 1
		}
	}
	return 1
}

// plainText is the text of n's inline children.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if tx, ok := t.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// render turns one section's Markdown into HTML and plain text.
func render(body string) (html, plain string, err error) {
	src := []byte(body)
	doc := markdown.Parser().Parse(text.NewReader(src))
	var h bytes.Buffer
	if err := markdown.Renderer().Render(&h, src, doc); err != nil {
		return "", "", err
	}
	var p strings.Builder
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		p.WriteString(blockPlain(n, src))
		p.WriteString("\n")
	}
	return h.String(), strings.TrimSpace(p.String()), nil
}

// blockPlain writes a block's words, a line per paragraph, list item or
// table row.
func blockPlain(n ast.Node, src []byte) string {
	switch n.Kind() {
	case ast.KindParagraph, ast.KindTextBlock, ast.KindHeading:
		return plainText(n, src)
	case ast.KindFencedCodeBlock, ast.KindCodeBlock:
		return blockText(n, src)
	case ast.KindHTMLBlock, ast.KindThematicBreak:
		return ""
	}
	if c := n.FirstChild(); c != nil && c.Type() == ast.TypeInline {
		return plainText(n, src)
	}
	var lines []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		lines = append(lines, blockPlain(c, src))
	}
	if n.Kind() == east.KindTableRow || n.Kind() == east.KindTableHeader {
		return strings.Join(lines, " · ")
	}
	return strings.Join(slices.DeleteFunc(lines, func(s string) bool { return strings.TrimSpace(s) == "" }), "\n")
}

func rawContains(n *ast.RawHTML, out []byte, s string) bool {
	for i := range n.Segments.Len() {
		seg := n.Segments.At(i)
		if strings.Contains(string(seg.Value(out)), s) {
			return true
		}
	}
	return false
}
