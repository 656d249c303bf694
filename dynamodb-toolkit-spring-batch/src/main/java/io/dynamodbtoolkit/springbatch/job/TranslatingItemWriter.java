package io.dynamodbtoolkit.springbatch.job;

import java.util.Map;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemStream;
import org.springframework.batch.infrastructure.item.ItemStreamException;
import org.springframework.batch.infrastructure.item.ItemStreamWriter;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A writer whose failures are translated by the template's exception translator, as the template's own calls are
 * (e.g. a DynamoDB throttling error becomes a {@code TransientDataAccessResourceException}), and that passes the
 * stream callbacks on to the writer it wraps.
 */
final class TranslatingItemWriter implements ItemStreamWriter<Map<String, AttributeValue>> {

    private final ItemWriter<Map<String, AttributeValue>> writer;
    private final PersistenceExceptionTranslator translator;

    TranslatingItemWriter(ItemWriter<Map<String, AttributeValue>> writer, PersistenceExceptionTranslator translator) {
        this.writer = writer;
        this.translator = translator;
    }

    @Override
    public void write(Chunk<? extends Map<String, AttributeValue>> items) throws Exception {
        try {
            writer.write(items);
        } catch (RuntimeException e) {
            DataAccessException translated = translator.translateExceptionIfPossible(e);
            throw translated != null ? translated : e;
        }
    }

    @Override
    public void open(ExecutionContext context) throws ItemStreamException {
        if (writer instanceof ItemStream stream) {
            stream.open(context);
        }
    }

    @Override
    public void update(ExecutionContext context) throws ItemStreamException {
        if (writer instanceof ItemStream stream) {
            stream.update(context);
        }
    }

    @Override
    public void close() throws ItemStreamException {
        if (writer instanceof ItemStream stream) {
            stream.close();
        }
    }
}
