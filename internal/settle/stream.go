package settle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dealerkiosk/trainer/internal/games"
	"github.com/dealerkiosk/trainer/internal/rulebook"
)

// maxLine bounds one input line; a round of seven boxes is well under 4 KiB.
const maxLine = 1 << 20

// Stream reads rounds as JSON Lines from r and writes one result or error
// object per line to w, in the same order (SETTLE.md). Blank lines are
// skipped. A line longer than maxLine is not read into memory: its output
// line is an error, and the lines after it are settled as usual. It returns
// how many rounds were rejected; err is only an I/O error. Whatever was
// settled before an error is written out (the output is flushed on every
// return).
func Stream(b *rulebook.Book, house string, r io.Reader, w io.Writer) (rejected int, err error) {
	br := bufio.NewReaderSize(r, 64*1024)
	bw := bufio.NewWriter(w)
	defer func() {
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
	}()
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	reject := func(msg error) error {
		rejected++
		return enc.Encode(struct {
			Error string `json:"error"`
		}{msg.Error()})
	}
	for line := 1; ; line++ {
		text, tooLong, rerr := readLine(br, maxLine)
		if rerr != nil && rerr != io.EOF {
			return rejected, rerr
		}
		if tooLong {
			if err := reject(fmt.Errorf("line %d: longer than %d bytes", line, maxLine)); err != nil {
				return rejected, err
			}
		} else if text = bytes.TrimSpace(text); len(text) > 0 {
			s, lerr := Line(b, house, line, text)
			if lerr != nil {
				err = reject(lerr)
			} else {
				Cite(b, s)
				err = enc.Encode(s)
			}
			if err != nil {
				return rejected, err
			}
		}
		if rerr == io.EOF {
			return rejected, nil
		}
	}
}

// readLine reads one line from br without its newline. A line longer than
// limit is read to its end and dropped: tooLong is set and text is empty.
// err is io.EOF after the last line (which may have no newline).
func readLine(br *bufio.Reader, limit int) (text []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			n := len(chunk)
			if n > 0 && chunk[n-1] == '\n' {
				n-- // the newline is not part of the line
			}
			if len(text)+n > limit {
				tooLong, text = true, nil
			} else {
				text = append(text, chunk...)
			}
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return bytes.TrimSuffix(text, []byte("\n")), tooLong, nil
		default:
			return text, tooLong, err
		}
	}
}

// Line decodes and settles one JSON round. Decoding errors carry the line
// number; validation errors carry the field path.
func Line(b *rulebook.Book, house string, line int, text []byte) (*games.Settlement, error) {
	var in games.Round
	if err := Decode(text, &in); err != nil {
		// A value of the wrong type names its field like any validation
		// error; only JSON that cannot be read at all needs the line number.
		var fe *games.FieldError
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, fmt.Errorf("line %d: %w", line, err)
	}
	return Round(b, &in, house)
}

// Decode reads one round strictly: unknown fields and values of the wrong type
// are errors that name the field, boxes by their index ("boxes[1].fold").
func Decode(text []byte, in *games.Round) error {
	// Boxes and side bets are decoded one by one so that an error can name
	// the index, which encoding/json leaves out of its paths.
	var top struct {
		games.Round
		Boxes []json.RawMessage `json:"boxes"`
	}
	if err := strict(text, &top, ""); err != nil {
		return err
	}
	*in = top.Round
	in.Boxes = make([]games.Box, len(top.Boxes))
	for i, raw := range top.Boxes {
		var box struct {
			games.Box
			MultiSuper []json.RawMessage `json:"multi_super,omitempty"`
		}
		prefix := games.BoxField(i, "")
		if err := strict(raw, &box, prefix); err != nil {
			return err
		}
		in.Boxes[i] = box.Box
		in.Boxes[i].MultiSuper = nil
		for j, sraw := range box.MultiSuper {
			path := fmt.Sprintf("%s.multi_super[%d]", prefix, j)
			var sb struct {
				On    json.RawMessage `json:"on"`
				Stake json.Number     `json:"stake"`
			}
			if err := strict(sraw, &sb, path); err != nil {
				return err
			}
			var on games.Target
			if len(sb.On) == 0 {
				return games.Fieldf(path+".on", "missing: a box number or \"dealer\"")
			}
			if err := on.UnmarshalJSON(sb.On); err != nil {
				return games.Fieldf(path+".on", "%s", err.Error())
			}
			in.Boxes[i].MultiSuper = append(in.Boxes[i].MultiSuper, games.SideBet{On: on, Stake: sb.Stake})
		}
	}
	return nil
}

// strict decodes one JSON value, refusing unknown fields; prefix is the
// value's own path for error messages.
func strict(text []byte, v any, prefix string) error {
	d := json.NewDecoder(bytes.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return jsonError(err, prefix)
	}
	if d.More() {
		return errors.New("invalid JSON: more than one value on the line")
	}
	return nil
}

func jsonError(err error, prefix string) error {
	join := func(p string) string {
		switch {
		case prefix == "":
			return p
		case p == "":
			return prefix
		}
		return prefix + "." + p
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("invalid JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	case errors.As(err, &te) && te.Type != nil && join(jsonPath(te.Field)) == "":
		// The line as a whole is of the wrong type ([] or 7): no field
		// to name, so it is a reading error like a syntax error.
		return fmt.Errorf("want a round (a JSON object), got %s", te.Value)
	case errors.As(err, &te) && te.Type != nil:
		return &games.FieldError{Field: join(jsonPath(te.Field)), Msg: "want " + jsonKind(te.Type.Kind().String()) + ", got " + te.Value}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return errors.New("invalid JSON: the line ends too early")
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		if prefix != "" {
			return fmt.Errorf("%s: unknown field %s", prefix, f)
		}
		return fmt.Errorf("unknown field %s", f)
	}
	return errors.New(msg)
}

// jsonPath turns encoding/json's "boxes.0.cards" into SETTLE.md's "boxes[0].cards".
func jsonPath(p string) string {
	var parts []string
	for _, s := range strings.Split(p, ".") {
		if s != "Round" && s != "Box" { // the embedded structs of Decode's wrappers
			parts = append(parts, s)
		}
	}
	var b strings.Builder
	for i, s := range parts {
		if _, err := strconv.Atoi(s); err == nil && i > 0 {
			b.WriteString("[" + s + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

func jsonKind(k string) string {
	switch k {
	case "bool":
		return "true or false"
	case "slice", "array":
		return "a list"
	case "string":
		return "a string"
	case "struct", "map":
		return "an object"
	}
	return "a number"
}
