package io.dynamodbtoolkit.springdata.stores;

import java.util.List;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** Derived methods and sparse-index reads on the multi-attribute index by-location. */
@AdapterName(Stores.ADAPTER)
public interface StoreRepository extends HierarchicalRepository<Store> {

    /** A projection of the location attributes. */
    interface Location {
        String getCity();

        Integer getSize();
    }

    List<Store> findByCountryAndRegion(String country, String region);

    List<Store> findByCountryAndRegionOrderByCityDescSizeDesc(String country, String region);

    List<Store> findByCountryAndRegionAndCity(String country, String region, String city);

    List<Store> findByCountryAndRegionAndCityAndSizeGreaterThanEqual(String country, String region, String city,
            int size);

    List<Store> findByCountryAndRegionAndCityStartingWith(String country, String region, String prefix);

    List<Location> findByCountryAndRegionAndCityAndSizeBetween(String country, String region, String city, int low,
            int high);

    Window<Store> findByCountryAndRegion(String country, String region, ScrollPosition position, Limit limit,
            Sort sort);

    ItemPage<Store> findByCountryAndRegionAndCity(String country, String region, String city, ListOptions options);

    long countByCountryAndRegion(String country, String region);

    boolean existsByCountryAndRegionAndCity(String country, String region, String city);

    @IndexName("by-location")
    Window<Store> findInSparseIndexByLocation(String country, String region, ScrollPosition position, Limit limit);

    @IndexName("by-location")
    List<Store> findInSparseIndexByCity(String country, String region, String city);
}
