package io.dynamodbtoolkit.springdata.notes;

import org.springframework.data.annotation.LastModifiedBy;

/** A note on a board (board > note), audited with who edited it last. */
public class Note {

    private String board;
    private String note;
    private String text;
    @LastModifiedBy
    private String editedBy;

    /** @return a note with its text */
    public static Note of(String board, String note, String text) {
        Note created = new Note();
        created.board = board;
        created.note = note;
        created.text = text;
        return created;
    }

    public String getBoard() {
        return board;
    }

    public void setBoard(String board) {
        this.board = board;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    public String getText() {
        return text;
    }

    public void setText(String text) {
        this.text = text;
    }

    public String getEditedBy() {
        return editedBy;
    }

    public void setEditedBy(String editedBy) {
        this.editedBy = editedBy;
    }
}
