package io.dynamodbtoolkit.embedded.expression;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The top-level attribute names a condition reads. */
public final class ConditionAttributes {

    private ConditionAttributes() {
    }

    public static List<String> topLevelNames(@Nullable ParsedCondition condition) {
        Set<String> names = new LinkedHashSet<>();
        if (condition != null) {
            collect(condition, names);
        }
        return new ArrayList<>(names);
    }

    private static void collect(ParsedCondition condition, Set<String> names) {
        if (condition instanceof ParsedCondition.Comparison c) {
            operand(c.left(), names);
            operand(c.right(), names);
        } else if (condition instanceof ParsedCondition.Between b) {
            operand(b.value(), names);
            operand(b.low(), names);
            operand(b.high(), names);
        } else if (condition instanceof ParsedCondition.In in) {
            operand(in.value(), names);
            in.candidates().forEach(candidate -> operand(candidate, names));
        } else if (condition instanceof ParsedCondition.And and) {
            collect(and.left(), names);
            collect(and.right(), names);
        } else if (condition instanceof ParsedCondition.Or or) {
            collect(or.left(), names);
            collect(or.right(), names);
        } else if (condition instanceof ParsedCondition.Not not) {
            collect(not.condition(), names);
        } else if (condition instanceof ParsedCondition.AttributeExists e) {
            names.add(e.path().topLevelName());
        } else if (condition instanceof ParsedCondition.AttributeNotExists e) {
            names.add(e.path().topLevelName());
        } else if (condition instanceof ParsedCondition.AttributeTypeIs t) {
            names.add(t.path().topLevelName());
        } else if (condition instanceof ParsedCondition.BeginsWith b) {
            operand(b.value(), names);
            operand(b.prefix(), names);
        } else if (condition instanceof ParsedCondition.Contains c) {
            operand(c.container(), names);
            operand(c.element(), names);
        }
    }

    private static void operand(ParsedOperand operand, Set<String> names) {
        if (operand instanceof ParsedOperand.PathOperand path) {
            names.add(path.path().topLevelName());
        } else if (operand instanceof ParsedOperand.Size size) {
            names.add(size.path().topLevelName());
        }
    }
}
